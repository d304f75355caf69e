// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { WithdrawalCompletion } from '@contract';
import { WithdrawalList } from '@renderer/features/withdrawals/WithdrawalList';
import { installDomMerchant } from '../dom-merchant';
import { entry } from '../journal/journal-fixtures';

afterEach(cleanup);
const TX = '5c'.repeat(32);

const completion: WithdrawalCompletion = {
  entryId: '7',
  event: 'withdrawal.success',
  at: '2026-11-22T06:01:00.000Z',
  requested: '125.5',
  debit: '127.1275',
  receive: '125.5',
  fees: { network: '1', service: '0.6275', total: '1.6275', payer: 'merchant' },
  txHash: TX,
  failureReason: null,
  explorer: 'link',
};

describe('a completed withdrawal shows what its webhook reported', () => {
  it('fees, total debit and tx hash for the settled one only; the explorer is asked for by entry', async () => {
    const fake = installDomMerchant({
      'withdrawals.completion': () => ({ ok: true, data: { items: [completion] } }),
      'explorer.open': () => ({ ok: true, data: { opened: true, host: 'tronscan.org', reason: null } }),
    });
    render(
      <WithdrawalList
        entries={[entry({ id: '8', settlement: 'pending' }), entry({ id: '7', settlement: 'completed' })]}
        names={new Map()}
      />,
    );
    const facts = await screen.findByTestId('withdrawal-completion');
    expect(fake.calls[0]).toEqual({ channel: 'withdrawals.completion', request: { ids: ['7'] } });
    const rows = screen.getAllByTestId('withdrawal-row');
    expect(within(rows[0]!).queryByTestId('withdrawal-completion')).toBeNull();
    expect(within(rows[1]!).getByTestId('withdrawal-debit').textContent).toBe('127.1275\u00a0USDT');
    expect(within(facts).getByTestId('withdrawal-fees').textContent).toBe(
      '1.6275\u00a0USDT (network 1 + service 0.6275, paid by the merchant)',
    );
    expect(within(facts).getByTestId('withdrawal-tx-text').getAttribute('title')).toBe(TX);
    await userEvent.click(within(facts).getByTestId('withdrawal-tx-explorer'));
    expect(fake.calls.at(-1)).toEqual({
      channel: 'explorer.open',
      request: { of: 'withdrawal', entryId: '7' },
    });
    expect((await screen.findByTestId('withdrawal-tx-answer')).textContent).toContain('tronscan.org');
  });
});
