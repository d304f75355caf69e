import { describe, expect, it } from 'vitest';
import { stateWordsOf } from '@renderer/features/journal/journal-words';
import { invoiceStatusWords } from '@renderer/features/invoices/invoice-words';
import { rowStatus } from '@renderer/features/invoices/row-status';
import { entry } from './harness';

describe('one invoice state, one name; distinct tones (issue 25)', () => {
  it('a created invoice nobody has paid is "Awaiting payment", whether the service says new or waiting, or nothing was read yet', () => {
    const names = new Set([
      invoiceStatusWords('new').text,
      invoiceStatusWords('waiting').text,
      rowStatus(entry(), undefined).text,
      rowStatus(entry({ state: 'resolved-performed' }), undefined).text,
    ]);
    expect([...names]).toEqual(['Awaiting payment']);
  });

  it('"Awaiting payment" and "Paid" do not share a badge tone', () => {
    const open = rowStatus(entry(), undefined).tone;
    const paid = rowStatus(
      entry({ fields: { orderId: 'O', amount: '5', invoiceStatus: 'paid' } }),
      undefined,
    );
    expect(paid.text).toBe('Paid');
    expect(open).not.toBe(paid.tone);
  });

  it('the Journal calls a created invoice "Created", not "Done"; other writes keep their words', () => {
    expect(stateWordsOf(entry()).text).toBe('Created');
    expect(stateWordsOf(entry({ state: 'resolved-performed' })).text).toBe('Resolved: created');
    expect(stateWordsOf(entry({ operation: 'createWithdrawal' })).text).toBe('Done');
    expect(stateWordsOf(entry({ state: 'rejected' })).text).toBe('Refused');
  });
});
