import { describe, expect, it } from 'vitest';
import { completionFacts, invoiceCreditDetails } from '@main/services/money-details';

const TX = 'cd'.repeat(32);

describe('money details read from webhook bodies', () => {
  it('an invoice: what was paid, the fee as paid − credited, every transaction once', () => {
    const body = {
      event: 'invoice.paid',
      data: { payed_crypto: '25.5', credited_crypto: '25.1', transaction_list: [TX, TX, 'second', ''] },
    };
    expect(invoiceCreditDetails(body, '25.1')).toEqual({
      paid: '25.5',
      fee: '0.4',
      feeSource: 'paid − credited',
      txHashes: [TX, 'second'],
    });
  });

  it("an invoice: the service's own fee figures win, with where they came from", () => {
    const body = { data: { invoice: { payed_crypto: '10', fee_crypto: '0.1', network_fee_crypto: '1' } } };
    expect(invoiceCreditDetails(body, '8.9')).toMatchObject({
      fee: '1.1',
      feeSource: 'fee_crypto + network_fee_crypto',
    });
  });

  it('an invoice that says nothing more: nothing is guessed', () => {
    expect(invoiceCreditDetails({ data: { credited_crypto: '5', payed_crypto: 5 } }, '5')).toEqual({
      paid: null,
      fee: null,
      feeSource: null,
      txHashes: [],
    });
    // Paid less than credited cannot be a fee: not said rather than negative.
    expect(invoiceCreditDetails({ data: { payed_crypto: '4' } }, '5').fee).toBeNull();
  });

  it('a completed withdrawal: fees, the total debit, what the recipient gets, the transaction', () => {
    const body = {
      event: 'withdrawal.success',
      created_at: '2026-11-20T10:00:00Z',
      data: {
        withdrawal_id: 'w1',
        amounts: { requested: '100', debit: '101.5', receive: '100' },
        fees: { network_fee: '1', service_fee: '0.5', payer: 'merchant' },
        tx_hash: TX,
        updated_at: '2026-11-20T10:00:05Z',
      },
    };
    expect(completionFacts(body)).toEqual({
      at: '2026-11-20T10:00:05Z',
      requested: '100',
      debit: '101.5',
      receive: '100',
      fees: { network: '1', service: '0.5', total: '1.5', payer: 'merchant' },
      txHash: TX,
      failureReason: null,
    });
    expect(completionFacts({ data: { tx_hash: 'a b' } }).txHash).toBeNull();
  });
});
