import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { csvCell } from '@main/storage/port/csv-cell';
import { invoiceBody, live, tempJournal, withdrawalBody } from '@test/helpers/journal';

let t: ReturnType<typeof tempJournal>;
beforeEach(() => {
  t = tempJournal();
});
afterEach(() => t.cleanup());

describe('CSV export', () => {
  it('escapes quotes, commas and line breaks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
  });

  it.each(['=HYPERLINK("http://x")', '+1+2', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])(
    'neutralises formula-looking cell %j',
    (value) => {
      expect(csvCell(value).replace(/^"/, '').startsWith("'")).toBe(true);
    },
  );

  it('exports one row per operation with outcome, ids, amounts, timestamps and resolution', () => {
    const w = t.journal.begin('createWithdrawal', {
      ...live,
      requestBody: withdrawalBody({ to_address: '=cmd|calc' }),
    });
    t.journal.settle(w, { outcome: 'accepted', externalIds: { withdrawalId: 'w-1' } });
    const i = t.journal.begin('createInvoice', { ...live, requestBody: invoiceBody({ order_id: 'O,1' }) });
    t.journal.settle(i, { outcome: 'unknown' });
    t.journal.resolve(i, { by: 'person', performed: false, reason: 'Checked with "Ops", none' });
    const [header, first, second, ...rest] = t.journal.exportCsv().text.split('\r\n');
    expect(header).toBe(
      'id,operation,profile_id,environment,state,outcome,settlement,invoice_status,order_id,invoice_id,invoice_code,withdrawal_id,wallet_id,card_order_id,coin,network,amount,to_address,created_at,updated_at,override_reason,resolved_by,resolution_reason,resolved_at,amount_unit,usd_value,usd_rate,usd_rate_at,usd_basis,resolved_by_person,damaged',
    );
    expect(first).toBe(
      "1,createWithdrawal,p-live,live,accepted,performed,pending,,,,,w-1,,,usdt,tron,125.50,'=cmd|calc,2030-01-01T00:00:02.000Z,2030-01-01T00:00:03.000Z,,,,,USDT,,,,not valued in USD: amounts are in coin units,,",
    );
    expect(second).toContain('resolved-not-performed,not performed,,,"O,1"');
    expect(second).toContain('person,"Checked with ""Ops"", none",2030-');
    expect(second).toContain(',USD,25.00,,,priced in USD by the merchant (no conversion),,');
    expect(rest).toEqual(['']);
  });
});
