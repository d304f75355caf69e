// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UnknownWithdrawalsBanner } from '@renderer/shell/UnknownWithdrawalsBanner';
import { useShellStore } from '@renderer/stores/shell-store';
import { ACME, SANDBOX, installDomMerchant } from '../dom-merchant';
import { entry, resetStores } from './harness';

const FIVE = ['7', '8', '9', '10', '11'].map((id) => entry(id, { state: 'unknown', settlement: null }));

beforeEach(() => {
  resetStores();
  useShellStore.setState({ profiles: [SANDBOX, ACME], activeId: SANDBOX.id });
  installDomMerchant({ 'journal.list': () => ({ ok: true, data: { entries: FIVE } }) });
});
afterEach(cleanup);

describe('The unknown-withdrawal banner with five unknowns (issue 25, item 10)', () => {
  it('in the shell is one line with the count, a link to the list and the details folded away', async () => {
    const user = userEvent.setup();
    render(<UnknownWithdrawalsBanner place="shell" />);
    const banner = await screen.findByTestId('unknown-withdrawals-shell');
    // The lines (their own chunk) are loaded, only folded away.
    expect(await screen.findAllByTestId('unknown-withdrawal')).toHaveLength(5);
    expect(within(banner).getByTestId('unknown-withdrawals-count').textContent).toBe('5');
    expect(banner.querySelector('.banner__title')!.textContent).toContain(
      'We don’t know whether 5 withdrawals were made. Do not send them again.',
    );
    expect(within(banner).getByRole('link', { name: 'Open Withdrawals' }).getAttribute('href')).toBe(
      '#/withdrawals',
    );
    // Folded: no entry line, no explanation and no other link reaches the screen or a screen reader.
    expect(within(banner).queryAllByRole('listitem')).toHaveLength(0);
    expect(within(banner).getAllByRole('link')).toHaveLength(1);
    const toggle = within(banner).getByRole('button', { name: /details/i });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await within(banner).findAllByRole('listitem')).toHaveLength(5);
    expect(within(banner).getByRole('link', { name: 'Open the Journal' })).toBeTruthy();
    expect(banner.textContent).toContain('may or may not have made them');

    await user.click(toggle);
    expect(within(banner).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('on the Withdrawals screen starts unfolded, and can be folded', async () => {
    const user = userEvent.setup();
    render(<UnknownWithdrawalsBanner place="screen" />);
    const banner = await screen.findByTestId('unknown-withdrawals-screen');
    expect(await within(banner).findAllByRole('listitem')).toHaveLength(5);
    await user.click(within(banner).getByRole('button', { name: /details/i }));
    expect(within(banner).queryAllByRole('listitem')).toHaveLength(0);
  });
});
