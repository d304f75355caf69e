// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useRatesStore } from '@renderer/stores/rates-store';
import { entry, fillForm, resetStores, sendCalls, showScreen, TRON_ADDRESS, confirmEnds } from './harness';

beforeEach(resetStores);
afterEach(cleanup);

const send = () => screen.getByTestId('review-send');

async function toReview(user: Parameters<typeof fillForm>[0], amount = '12.5') {
  await fillForm(user, { pair: 'usdt:tron', amount, address: TRON_ADDRESS });
  await user.click(screen.getByTestId('withdrawal-review'));
  return screen.getByTestId('withdrawal-review-step');
}

describe('Withdrawal review', () => {
  it('shows fees, what the recipient receives under the fee payer, USD and the address in groups of four', async () => {
    const { user } = showScreen({ available: '5000', payer: 'recipient' });
    const review = await toReview(user);
    expect(review.querySelector('[data-testid="review-pair"]')!.textContent).toBe('USDT · TRON (TRC-20)');
    // The recipient pays: 12.5 − 0.0625 service fee − 1 network fee arrives; 12.5 leaves the balance.
    expect(screen.getByTestId('review-receive').textContent).toContain('11.4375\u00a0USDT');
    expect(screen.getByTestId('review-debit').textContent).toContain('12.5\u00a0USDT');
    expect(screen.getByTestId('review-usd').textContent).toMatch(/^≈ \$12\.50, at 1 USDT = \$1\.0002 /);
    const groups = screen.getByTestId('address-groups').querySelectorAll('.address-text__group');
    expect(Array.from(groups, (g) => g.textContent).join(' ')).toBe(
      'TNPe eaaF B7K9 cmo4 uQpc U32z GK8G 1NYq eL',
    );
    // Focus lands on the review's heading, never on the send button.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Review the withdrawal' }));
  });

  it('warns about a new address and an amount above half the available balance; not about a known one', async () => {
    const { user } = showScreen({ available: '40' });
    await toReview(user, '20');
    const warnings = screen.getByTestId('review-warnings').textContent;
    expect(warnings).toContain('This desk has never sent to this address.');
    expect(warnings).toContain('more than half of the available USDT on TRON (TRC-20) (21.1 of 40 USDT)');
    cleanup();
    resetStores();
    const known = showScreen({ available: '5000', entries: () => [entry('3', { settlement: 'completed' })] });
    await toReview(known.user, '20');
    expect(screen.queryByTestId('review-warnings')).toBeNull();
  });

  it('warns when the rates and the pair’s limits are out of date', async () => {
    useRatesStore.setState({ stale: true });
    const { user } = showScreen({ entries: () => [entry('3')] });
    await toReview(user, '20');
    expect(screen.getByTestId('review-warnings').textContent).toMatch(
      /Rates and the pair’s limits have not been refreshed since .*: the USD value and the limits may be out of date/,
    );
  });

  it('sends only after both ends of the address are typed; the button names the act and amount', async () => {
    const { user, fake } = showScreen();
    await toReview(user);
    expect(send().textContent).toBe('Send 12.5 USDT');
    expect(send().getAttribute('aria-disabled')).toBe('true');
    await user.click(send());
    expect(sendCalls(fake)).toHaveLength(0);
    expect(screen.getByText(/Type the first 6 characters of the address exactly/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByTestId('review-confirm-start'));
    await user.type(screen.getByTestId('review-confirm-start'), 'tnpeea');
    await user.type(screen.getByTestId('review-confirm'), '1NYqeL');
    await user.click(send());
    expect(sendCalls(fake)).toHaveLength(0);
    await user.clear(screen.getByTestId('review-confirm-start'));
    await user.type(screen.getByTestId('review-confirm-start'), 'TNPeea');
    expect(send().getAttribute('aria-disabled')).toBeNull();
    await user.click(send());
    await screen.findByTestId('withdrawal-accepted');
    expect(sendCalls(fake).map((c) => c.request)).toEqual([
      { coin: 'usdt', network: 'tron', amount: '12.5', to_address: TRON_ADDRESS },
    ]);
  });

  // Issue 26 item 6: the end alone is not enough; an address that shares only its end must be caught.
  it('the end alone does not send: the start is asked for, and a wrong end is named as the end', async () => {
    const { user, fake } = showScreen();
    await toReview(user);
    await user.type(screen.getByTestId('review-confirm'), '1NYqeL');
    expect(send().getAttribute('aria-disabled')).toBe('true');
    await user.click(send());
    expect(sendCalls(fake)).toHaveLength(0);
    expect(screen.getByText(/Type the first 6 characters/)).toBeTruthy();
    await user.type(screen.getByTestId('review-confirm-start'), 'TNPeea');
    await user.clear(screen.getByTestId('review-confirm'));
    await user.type(screen.getByTestId('review-confirm'), '1NYqeM');
    await user.click(send());
    expect(sendCalls(fake)).toHaveLength(0);
    expect(screen.getByText(/Type the last 6 characters/)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByTestId('review-confirm'));
  });

  it('Enter in the confirmation moves on (start, end, then the send button); only the button sends', async () => {
    const { user, fake } = showScreen();
    await toReview(user);
    await user.type(screen.getByTestId('review-confirm-start'), 'TNPeea{Enter}');
    expect(document.activeElement).toBe(screen.getByTestId('review-confirm'));
    await user.keyboard('1NYqeL{Enter}');
    expect(sendCalls(fake)).toHaveLength(0);
    expect(document.activeElement).toBe(send());
    await user.keyboard('{Enter}');
    await screen.findByTestId('withdrawal-accepted');
    expect(sendCalls(fake)).toHaveLength(1);
  });

  it('a double click sends once', async () => {
    let finish: (value: unknown) => void = () => {};
    const { user, fake } = showScreen({
      create: () => new Promise((resolve) => (finish = resolve)),
    });
    await toReview(user);
    await confirmEnds(user);
    await user.dblClick(send());
    await user.click(send());
    expect(sendCalls(fake)).toHaveLength(1);
    await act(async () =>
      finish({ ok: true, data: { journalId: '9', outcome: 'accepted', data: {}, warnings: [] } }),
    );
    expect((await screen.findByTestId('withdrawal-accepted')).textContent).toContain(
      'in progress — not paid yet',
    );
  });

  it('Back keeps the form; a refusal says why in the service’s words and keeps what was typed', async () => {
    const { user } = showScreen({
      create: () => ({
        ok: true,
        data: {
          journalId: '10',
          outcome: 'rejected',
          error: {
            kind: 'controller',
            httpStatus: 400,
            message: 'Insufficient balance: 13.5625 usdt on tron needed (amount plus fees), 3 available.',
          },
        },
      }),
    });
    await toReview(user);
    await user.click(screen.getByTestId('review-back'));
    expect((screen.getByTestId('withdrawal-amount') as HTMLInputElement).value).toBe('12.5');
    await user.click(screen.getByTestId('withdrawal-review'));
    await confirmEnds(user);
    await user.click(send());
    const refused = await screen.findByTestId('withdrawal-rejected');
    expect(screen.getByTestId('withdrawal-refusal').textContent).toBe(
      'Insufficient balance: 13.5625 usdt on tron needed (amount plus fees), 3 available.',
    );
    expect(refused.textContent).toContain('What you typed is kept.');
    expect((screen.getByTestId('withdrawal-amount') as HTMLInputElement).value).toBe('12.5');
    expect((screen.getByTestId('withdrawal-address') as HTMLInputElement).value).toBe(TRON_ADDRESS);
  });

  it('shows the warnings of an accepted answer and that it is not paid yet', async () => {
    const { user } = showScreen({
      create: () => ({
        ok: true,
        data: {
          journalId: '11',
          outcome: 'accepted',
          data: { status: 'pending' },
          warnings: ['no withdrawal id: matched by its webhook'],
        },
      }),
    });
    await toReview(user);
    await confirmEnds(user);
    await user.click(send());
    const accepted = await screen.findByTestId('withdrawal-accepted');
    expect(accepted.textContent).toContain('Withdrawal accepted: in progress — not paid yet');
    expect(screen.getByTestId('withdrawal-warnings').textContent).toContain(
      'no withdrawal id: matched by its webhook',
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('withdrawal-outcome')));
  });
});
