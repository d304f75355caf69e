import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatFiles } from '@main/books/book-files';
import { BOOK_FORMATS } from '@shared/domain/books';
import { xeroCsvFiles } from '@main/books/formats/xero';
import { readPeriod, type PeriodBooks } from '@main/books/period';
import type { JournalStore } from '@main/storage/port';
import { fixedJournal, PERIOD } from './fixed-journal';

// BOOKS_GOLDEN=write rewrites the golden files (look at the diff before committing it).
const GOLDEN = join(__dirname, 'golden');
const rows = (text: string) =>
  parse(text, { columns: true, bom: false, relax_quotes: false }) as Record<string, string>[];

describe('books exports over a fixed journal', () => {
  let desk: { store: JournalStore; cleanup: () => void };
  let books: PeriodBooks;
  beforeAll(async () => {
    desk = await fixedJournal();
    books = await readPeriod(desk.store, PERIOD);
  });
  afterAll(() => desk?.cleanup());

  it('reads the movements of the period: fees their own rows, a failed withdrawal given back, none invented', () => {
    expect(
      books.movements.map(
        (m) => `${m.kind} ${m.direction} ${m.amount} ${m.asset} ${m.usdValue ?? 'no rate'}`,
      ),
    ).toEqual([
      'withdrawal out 125.5 USDT 125.48',
      'withdrawal-fee out 1.00 USDT 1.00',
      'withdrawal out 0.015 BTC 1005.18',
      'withdrawal-fee out 0.0002 BTC 13.40',
      'withdrawal-returned in 0.015 BTC 1005.18',
      'withdrawal-fee-returned in 0.0002 BTC 13.40',
      'invoice-payment in 0.51234567 LTC 36.40',
      'invoice-fee out 0.00512345 LTC 0.36',
      'wallet-deposit in 250.25 USDT 250.22',
      'wallet-deposit in 40 USDT no rate',
      'withdrawal out 10 USDT no rate',
      'withdrawal out 5 USDT no rate',
    ]);
    expect(books.movements.find((m) => m.reference === 'WD-4')?.rate?.missing).toBe(
      'the rates answer had no USD price for USDT',
    );
    expect(books.movements.find((m) => m.reference === 'WD-3')?.rate).toBeNull();
    // A deposit belongs to no entry: its own chain event, valued like the rest; delivered twice, once.
    const [deposit, imported] = books.movements.filter((m) => m.kind === 'wallet-deposit');
    expect(deposit).toMatchObject({
      entryId: null,
      txHash: 'd3p0517',
      rate: { movement: 'wallet.transaction', rate: '0.99987', source: 'getCoinRates', staleMs: 30000 },
    });
    expect(imported?.rate?.missing).toMatch(/import of past deliveries/);
    expect(books.position).toMatchObject({
      seq: expect.any(Number),
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  for (const format of BOOK_FORMATS) {
    it(`${format}: the files equal their golden copies, and a second export is byte-identical`, async () => {
      const files = formatFiles(books, format);
      const again = formatFiles(await readPeriod(desk.store, PERIOD), format);
      expect(again).toEqual(files);
      for (const file of files) {
        const path = join(GOLDEN, `${format}${file.suffix}`);
        if (process.env.BOOKS_GOLDEN === 'write') {
          mkdirSync(GOLDEN, { recursive: true });
          writeFileSync(path, file.text);
        }
        expect(file.text, path).toBe(readFileSync(path, 'utf8'));
      }
    });
  }

  it('QuickBooks: Date,Description,Amount in MM/DD/YYYY, money out negative, no numbers in a description', () => {
    const [main, refs, noRate] = formatFiles(books, 'quickbooks');
    const parsed = rows(main!.text);
    expect(Object.keys(parsed[0]!)).toEqual(['Date', 'Description', 'Amount']);
    expect(parsed[0]).toEqual({
      Date: '01/01/2030',
      Description: 'Crypto withdrawal sent USDT',
      Amount: '-125.48',
    });
    expect(parsed.every((r) => !/[0-9]/.test(r.Description!))).toBe(true);
    expect(parsed.find((r) => r.Description === 'Invoice payment received LTC')?.Amount).toBe('36.40');
    const references = rows(refs!.text);
    expect(references).toHaveLength(parsed.length);
    expect(references.find((r) => r.Reference === 'INV-1')?.['Order ID']).toBe('Café-Ünïcode №7, "quoted"');
    expect(rows(noRate!.text).map((r) => r.Reference)).toEqual(['wallet W-1', 'WD-3', 'WD-4']);
    expect(rows(noRate!.text)[0]).toMatchObject({ Movement: 'Wallet deposit received', Direction: 'in' });
    expect(rows(noRate!.text)[0]!.Why).toMatch(/import of past deliveries/);
    expect(parsed.find((r) => r.Description === 'Wallet deposit received USDT')?.Amount).toBe('250.22');
  });

  it('Xero: its header, DD/MM/YYYY, and no file over 1 000 lines (split beyond)', () => {
    const [main] = formatFiles(books, 'xero');
    const parsed = rows(main!.text);
    expect(Object.keys(parsed[0]!)).toEqual([
      '*Date',
      '*Amount',
      'Payee',
      'Description',
      'Reference',
      'Cheque Number',
    ]);
    expect(parsed.find((r) => r.Reference === 'INV-1')?.Payee).toBe('Order Café-Ünïcode №7, "quoted"');
    // An address from outside that looks like a formula stays text, quotes and all.
    expect(main!.text).toContain(`"'=bc1q,""x"""`);
    expect(parsed.find((r) => r.Reference === 'WD-2')?.Payee).toBe(`'=bc1q,"x"`);
    const many = Array.from({ length: 2500 }, () => books.movements[0]!);
    const files = xeroCsvFiles(many);
    expect(files.map((f) => f.split('\r\n').length - 1)).toEqual([1000, 1000, 503]);
    expect(files.flatMap((f) => rows(f))).toHaveLength(2500);
  });

  it('Koinly: its columns, UTC dates, every movement (no rate: empty net worth and the reason)', () => {
    const parsed = rows(formatFiles(books, 'koinly')[0]!.text);
    expect(parsed).toHaveLength(books.movements.length);
    expect(parsed.every((r) => /^2030-01-01 00:00:\d\d UTC$/.test(r.Date!))).toBe(true);
    const fee = parsed.find((r) => r['Sent Amount'] === '1.00');
    expect(fee).toMatchObject({
      'Sent Currency': 'USDT',
      Label: 'cost',
      'Net Worth Amount': '1.00',
      'Net Worth Currency': 'USD',
    });
    const lost = parsed.find((r) => r.Description!.includes('WD-4'))!;
    expect(lost).toMatchObject({ 'Net Worth Amount': '', 'Net Worth Currency': '' });
    expect(lost.Description).toContain('no USD rate: the rates answer had no USD price for USDT');
    expect(parsed.filter((r) => r.Description!.startsWith('Wallet deposit received'))).toMatchObject([
      { 'Received Amount': '250.25', 'Net Worth Amount': '250.22', Label: '', TxHash: 'd3p0517' },
      { 'Received Amount': '40', 'Net Worth Amount': '', TxHash: '01dnews' },
    ]);
    expect(parsed.find((r) => r['Received Currency'] === 'LTC')).toMatchObject({
      Label: 'income',
      TxHash: '0xabc',
    });
  });

  it('OFX: well-formed XML, one STMTTRN per valued movement with a stable unique FITID', async () => {
    const text = formatFiles(books, 'ofx')[0]!.text;
    const errors: string[] = [];
    const doc = new DOMParser({ onError: (_level, message) => void errors.push(message) }).parseFromString(
      text,
      'text/xml',
    );
    expect(errors).toEqual([]);
    const trns = Array.from(doc.getElementsByTagName('STMTTRN'));
    const valued = books.movements.filter((m) => m.usdValue !== null);
    const field = (el: Element, name: string) => el.getElementsByTagName(name)[0]?.textContent ?? '';
    expect(trns.map((t) => field(t, 'FITID'))).toEqual(valued.map((m) => m.id));
    expect(new Set(trns.map((t) => field(t, 'FITID'))).size).toBe(trns.length);
    expect(trns.map((t) => field(t, 'TRNTYPE'))).toContain('FEE');
    expect(trns.filter((t) => field(t, 'TRNTYPE') === 'DEP').map((t) => field(t, 'TRNAMT'))).toEqual([
      '250.22',
    ]);
    const cents = trns.reduce((sum, t) => sum + Math.round(Number(field(t, 'TRNAMT')) * 100), 0);
    expect(Math.round(Number(doc.getElementsByTagName('BALAMT')[0]!.textContent) * 100)).toBe(cents);
    expect(
      field(
        trns.find((t) => field(t, 'MEMO').includes('INV-1'))!,
        'MEMO',
      ),
    ).toContain('LTC');
    // An overlapping period later: the same movements carry the same FITIDs.
    const wider = await readPeriod(desk.store, { ...PERIOD, to: '2030-01-01T03:00:00.000Z' });
    const ids = new Set(wider.movements.map((m) => m.id));
    expect(valued.every((m) => ids.has(m.id))).toBe(true);
    expect(wider.movements.length).toBe(books.movements.length + 1);
  });

  it('OFX: text from outside is escaped, and reads back as written', () => {
    const odd = { ...books.movements[0]!, reference: 'A&B <x> "ü"' };
    const text = formatFiles({ ...books, movements: [odd] }, 'ofx')[0]!.text;
    expect(text).toContain('A&amp;B &lt;x&gt; "ü"');
    const doc = new DOMParser().parseFromString(text, 'text/xml');
    expect(doc.getElementsByTagName('MEMO')[0]!.textContent).toContain('A&B <x> "ü"');
  });
});
