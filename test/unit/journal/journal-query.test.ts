import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JournalFilter } from '@shared/domain/journal';
import { filterSql, likePattern } from '@main/storage/sqlite/query';
import { bulkLoad } from '@test/helpers/bulk-load';
import { parseCsv } from '@test/helpers/parse-csv';
import { invoiceBody, live, tempJournal, withdrawalBody } from '@test/helpers/journal';

let t: ReturnType<typeof tempJournal>;
const sandbox = { profileId: 'sandbox', environment: 'sandbox' as const };

/** Six entries over two profiles, three pairs, every state but sending; the clock ticks 1 s per call. */
function seed() {
  const j = t.journal;
  const w1 = j.begin('createWithdrawal', {
    ...live,
    requestBody: withdrawalBody({ to_address: 'TADDR_one' }),
  });
  j.settle(w1, { outcome: 'accepted', externalIds: { withdrawalId: 'WD-777' } });
  const i1 = j.begin('createInvoice', { ...live, requestBody: invoiceBody({ order_id: 'ORDER-50%_off' }) });
  j.settle(i1, { outcome: 'accepted', externalIds: { invoiceId: 'inv-1', invoiceCode: 'CODE-XY' } });
  const i2 = j.begin('createInvoice', { ...live, requestBody: invoiceBody({ order_id: 'ORDER-2' }) });
  j.settle(i2, { outcome: 'rejected', error: { message: 'no' } });
  const wa = j.begin('createWalletAddress', { ...live, requestBody: { coin: 'usdc', network: 'polygon' } });
  j.settle(wa, { outcome: 'accepted', response: { address: '0xWALLETabc', qr_code_url: 'x' } });
  const w2 = j.begin('createWithdrawal', {
    ...live,
    requestBody: withdrawalBody({ coin: 'usdt', network: 'eth', to_address: '0xdead' }),
  });
  j.settle(w2, { outcome: 'unknown' });
  const other = j.begin('createWalletAddress', {
    ...sandbox,
    requestBody: { coin: 'usdt', network: 'tron' },
  });
  j.settle(other, { outcome: 'accepted', response: { address: 'TSANDBOX' } });
  return { w1, i1, i2, wa, w2, other };
}

const ids = (filter: Parameters<typeof t.journal.page>[0]) =>
  t.journal.page(filter, { offset: 0, limit: 100 }).entries.map((e) => e.id);

beforeEach(() => {
  t = tempJournal();
});
afterEach(() => t.cleanup());

describe('journal filters (SQL in main)', () => {
  it('narrows by profile, operation, state and pair, newest first', () => {
    const s = seed();
    expect(ids({ profileId: 'p-live' })).toEqual([s.w2, s.wa, s.i2, s.i1, s.w1]);
    expect(ids({ operation: 'createInvoice' })).toEqual([s.i2, s.i1]);
    expect(ids({ state: 'unknown' })).toEqual([s.w2]);
    expect(ids({ coin: 'usdt', network: 'tron' })).toEqual([s.other, s.w1]);
    expect(ids({ coin: 'USDT' })).toEqual([s.other, s.w2, s.w1]);
    expect(ids({ profileId: 'p-live', coin: 'usdt', network: 'tron', state: 'accepted' })).toEqual([s.w1]);
    expect(t.journal.pairs('p-live')).toEqual([
      { coin: 'usdc', network: 'polygon' },
      { coin: 'usdt', network: 'eth' },
      { coin: 'usdt', network: 'tron' },
    ]);
  });

  it('lists each pair once, case-folded and in order, per profile and over all (index skip-scan)', () => {
    seed();
    const codes: [string, string][] = [
      ['ETH', 'Eth'],
      ['btc', 'BTC'],
      ['eth', 'arbitrum'],
      ['Usdt', 'TRON'],
      ['eth', 'eth'],
      ['a', 'z'],
      ['btc', 'btc'],
    ];
    for (const [coin, network] of codes)
      t.journal.begin('createWalletAddress', { ...sandbox, requestBody: { coin, network } });
    const folded = (pairs: [string, string][]) =>
      [...new Set(pairs.map(([c, n]) => `${c.toLowerCase()}\n${n.toLowerCase()}`))]
        .sort()
        .map((k) => ({ coin: k.split('\n')[0], network: k.split('\n')[1] }));
    expect(t.journal.pairs('sandbox')).toEqual(folded(codes));
    expect(t.journal.pairs()).toEqual(
      folded([...codes, ['usdc', 'polygon'], ['usdt', 'eth'], ['usdt', 'tron']]),
    );
    expect(t.journal.pairs('nobody')).toEqual([]);
  });

  it('takes a date range: from is inclusive, to is exclusive', () => {
    const s = seed();
    const created = (id: number) => t.journal.get(id)!.createdAt;
    expect(ids({ from: created(s.i2), to: created(s.w2) })).toEqual([s.wa, s.i2]);
    expect(ids({ from: created(s.w2) })).toEqual([s.other, s.w2]);
    expect(ids({ to: created(s.i1) })).toEqual([s.w1]);
  });

  it('matches free text over ids, order ids, addresses (also in the answer) and codes, case-insensitively', () => {
    const s = seed();
    expect(ids({ text: 'wd-77' })).toEqual([s.w1]);
    expect(ids({ text: 'taddr' })).toEqual([s.w1]);
    expect(ids({ text: 'code-xy' })).toEqual([s.i1]);
    expect(ids({ text: 'inv-1' })).toEqual([s.i1]);
    expect(ids({ text: 'ORDER-2' })).toEqual([s.i2]);
    expect(ids({ text: '0xwallet' })).toEqual([s.wa]);
    expect(ids({ text: `#${s.i2}` })).toEqual([s.i2]);
  });

  it('treats wildcards and injection-looking input as plain text', () => {
    const s = seed();
    expect(ids({ text: '50%_off' })).toEqual([s.i1]);
    expect(ids({ text: '%' })).toEqual([s.i1]);
    // Only rows with a real underscore: 'ORDER-50%_off' and 'TADDR_one'.
    expect(ids({ text: '_' })).toEqual([s.i1, s.w1]);
    expect(ids({ text: 'R_O' })).toEqual([s.w1]);
    for (const text of ["' OR 1=1 --", '"; DROP TABLE entries; --', "x' UNION SELECT * FROM events --", '\\'])
      expect(ids({ text })).toEqual([]);
    expect(t.journal.page({}, { offset: 0, limit: 100 }).total).toBe(6);
    expect(likePattern('a%b_c\\')).toBe('%a\\%b\\_c\\\\%');
    const { where, args } = filterSql({ text: "' OR 1=1 --", state: 'unknown' });
    expect(where).not.toContain('1=1');
    expect(args).toContain("%' OR 1=1 --%");
  });

  it('is validated at the boundary: bad dates, a period that ends before it starts, a network without coin', () => {
    expect(JournalFilter.safeParse({ from: 'yesterday' }).success).toBe(false);
    expect(
      JournalFilter.safeParse({ from: '2030-01-02T00:00:00Z', to: '2030-01-01T00:00:00Z' }).error?.issues[0]
        ?.message,
    ).toMatch(/after its start/);
    expect(JournalFilter.safeParse({ network: 'tron' }).success).toBe(false);
    expect(JournalFilter.parse({ from: '2030-01-01T01:00:00+01:00', coin: 'USDT' })).toEqual({
      from: '2030-01-01T00:00:00.000Z',
      coin: 'usdt',
    });
  });
});

describe('journal pages', () => {
  it('pages by offset under an anchor: new entries are counted, not slid under the reader', () => {
    const s = seed();
    const first = t.journal.page({}, { offset: 0, limit: 2 });
    expect(first).toMatchObject({ total: 6, anchor: s.other, newer: 0 });
    expect(first.entries.map((e) => e.id)).toEqual([s.other, s.w2]);
    const late = t.journal.begin('createInvoice', {
      ...live,
      requestBody: invoiceBody({ order_id: 'LATE' }),
    });
    const second = t.journal.page({}, { offset: 2, limit: 2, anchor: first.anchor });
    expect(second.entries.map((e) => e.id)).toEqual([s.wa, s.i2]);
    expect(second).toMatchObject({ total: 6, newer: 1 });
    expect(t.journal.page({}, { offset: 0, limit: 1 }).entries[0]!.id).toBe(late);
  });

  it('lists a damaged row, flagged, without hiding the others; free text still works around it', () => {
    const s = seed();
    t.journal.close();
    const raw = new Database(t.file);
    raw
      .prepare('UPDATE entries SET response_json = ?, created_at = ? WHERE id = ?')
      .run('{torn', 'garbage', s.wa);
    raw.close();
    t.reopen();
    const page = t.journal.page({}, { offset: 0, limit: 100 });
    expect(page.total).toBe(6);
    const damaged = page.entries.find((e) => e.id === s.wa)!;
    expect(damaged.damage).toEqual([
      'The recorded answer cannot be read.',
      'The recorded time (created_at) is not a valid time.',
    ]);
    expect(page.entries.filter((e) => e.damage.length === 0)).toHaveLength(5);
    expect(ids({ text: 'taddr' })).toEqual([s.w1]);
    expect(t.journal.verifyChain()).toMatchObject({ ok: false, brokenAt: { entryId: s.wa } });
  });
});

describe('the chain up to one entry', () => {
  it('holds for entries before a tampered one and breaks from it on', () => {
    const s = seed();
    t.journal.close();
    const raw = new Database(t.file);
    raw.prepare('UPDATE entries SET amount = ? WHERE id = ?').run('999', s.i2);
    raw.close();
    t.reopen();
    expect(t.journal.verifyChainUpTo(s.i1)).toMatchObject({ ok: true });
    expect(t.journal.verifyChainUpTo(s.i2)).toMatchObject({
      ok: false,
      brokenAt: { entryId: s.i2, reason: expect.stringMatching(/edited outside the app/) },
    });
    // Events themselves are intact: an entry after the edited one still verifies up to itself.
    expect(t.journal.verifyChainUpTo(s.wa)).toMatchObject({ ok: true });
  });

  it('breaks for every entry whose history comes after a changed event', () => {
    const s = seed();
    const eventsOfI1 = t.journal.events(s.i1);
    t.journal.close();
    const raw = new Database(t.file);
    raw.prepare('UPDATE events SET content = ? WHERE seq = ?').run('{"forged":true}', eventsOfI1[0]!.seq);
    raw.close();
    t.reopen();
    expect(t.journal.verifyChainUpTo(s.w1)).toMatchObject({ ok: true });
    expect(t.journal.verifyChainUpTo(s.w2)).toMatchObject({
      ok: false,
      brokenAt: { seq: eventsOfI1[0]!.seq },
    });
    expect(t.journal.events(s.i1)[0]).toMatchObject({ damaged: false });
  });
});

describe('the chain up to one entry, checked again while the journal is open', () => {
  it('goes on from the last whole check: new events are checked, and a new connection checks everything', () => {
    const s = seed();
    expect(t.journal.verifyChain()).toMatchObject({ ok: true, events: 12 });
    expect(t.journal.verifyChainUpTo(s.other)).toMatchObject({ ok: true, events: 12 });
    const later = t.journal.begin('createWalletAddress', {
      ...live,
      requestBody: { coin: 'usdt', network: 'tron' },
    });
    t.journal.settle(later, { outcome: 'accepted', response: { address: 'TLATER' } });
    expect(t.journal.verifyChainUpTo(later)).toMatchObject({ ok: true, events: 14 });
    expect(t.journal.verifyChainUpTo(s.w1)).toMatchObject({ ok: true, events: 2 });
    expect(t.journal.verifyChainUpTo(s.other)).toMatchObject({ ok: true, events: 12 });

    // A forged event in the file (written while the desk was closed) is found by the next connection.
    t.journal.close();
    const raw = new Database(t.file);
    raw.prepare('UPDATE events SET content = ? WHERE seq = 3').run('{"forged":true}');
    raw.close();
    t.reopen();
    expect(t.journal.verifyChainUpTo(s.w1)).toMatchObject({ ok: true });
    expect(t.journal.verifyChain()).toMatchObject({ ok: false, brokenAt: { seq: 3 } });
    expect(t.journal.verifyChainUpTo(later)).toMatchObject({ ok: false, brokenAt: { seq: 3 } });
    expect(t.journal.verifyChainUpTo(s.other)).toMatchObject({ ok: false, brokenAt: { seq: 3 } });
  });
});

describe('export of filtered rows', () => {
  it('writes exactly the rows the filter selects, and parses back to them', () => {
    const s = seed();
    const filter = { profileId: 'p-live', operation: 'createInvoice' as const };
    const rows = parseCsv(t.journal.exportCsv(filter).text);
    expect(rows.map((r) => Number(r.id))).toEqual([s.i1, s.i2]);
    expect(rows[0]).toMatchObject({
      order_id: 'ORDER-50%_off',
      invoice_code: 'CODE-XY',
      amount: '25.00',
      amount_unit: 'USD',
      usd_value: '25.00',
      usd_rate: '',
      usd_basis: 'priced in USD by the merchant (no conversion)',
      state: 'accepted',
    });
    const unknown = parseCsv(t.journal.exportCsv({ state: 'unknown' }).text);
    expect(unknown).toHaveLength(1);
    expect(unknown[0]).toMatchObject({ amount_unit: 'USDT', usd_value: '', outcome: 'unknown' });
    expect(t.journal.exportCsv({ text: "' OR 1=1 --" }).rows).toBe(0);
  });
});

describe('resolution by a named person', () => {
  it('records who and why in the resolution and in the chained history', () => {
    const { w2 } = seed();
    const entry = t.journal.resolve(w2, {
      by: 'person',
      performed: false,
      person: 'Dana Ruiz',
      reason: 'Service support confirmed no withdrawal exists (ticket 81).',
    });
    expect(entry.resolution).toMatchObject({ by: 'person', person: 'Dana Ruiz', performed: false });
    const last = t.journal.events(w2).at(-1)!;
    expect(last).toMatchObject({
      type: 'resolve',
      detail: { by: 'person', person: 'Dana Ruiz', reason: expect.stringMatching(/ticket 81/) },
    });
    expect(t.journal.verifyChain().ok).toBe(true);
    const [row] = parseCsv(t.journal.exportCsv({ text: `#${w2}` }).text);
    expect(row).toMatchObject({ resolved_by: 'person', resolved_by_person: 'Dana Ruiz' });
  });
});

describe('a journal of tens of thousands of rows', () => {
  it('answers a deep page, a search and a period filter correctly (their speed is in npm run bench)', () => {
    seed();
    t.journal.close();
    const raw = new Database(t.file);
    const insert = raw.prepare(
      `INSERT INTO entries (operation, profile_id, environment, state, request_body, order_id, coin, network, amount,
         created_at, updated_at) VALUES ('createInvoice', 'p-live', 'live', ?, '{}', ?, 'usdt', 'tron', '10.00', ?, ?)`,
    );
    bulkLoad(raw, () => {
      for (let i = 0; i < 50_000; i++) {
        const at = new Date(Date.UTC(2031, 0, 1) + i * 60_000).toISOString();
        insert.run(i % 97 === 0 ? 'unknown' : 'accepted', `BULK-${i}`, at, at);
      }
    });
    raw.close();
    t.reopen();
    const deep = t.journal.page({ profileId: 'p-live' }, { offset: 49_900, limit: 100 });
    expect(deep.total).toBe(50_005);
    expect(deep.entries).toHaveLength(100);
    const found = t.journal.page({ text: 'BULK-4242' }, { offset: 0, limit: 100 });
    expect(found.entries.map((e) => e.orderId)).toEqual([
      'BULK-42429',
      'BULK-42428',
      'BULK-42427',
      'BULK-42426',
      'BULK-42425',
      'BULK-42424',
      'BULK-42423',
      'BULK-42422',
      'BULK-42421',
      'BULK-42420',
      'BULK-4242',
    ]);
    const period = t.journal.page(
      { from: '2031-01-10T00:00:00.000Z', to: '2031-01-11T00:00:00.000Z', state: 'unknown' },
      { offset: 0, limit: 100 },
    );
    // One unknown in every 97 rows, one row a minute: the day holds 1 440 rows, 15 of them unknown.
    expect(period.total).toBe(15);
    expect(period.entries.every((e) => e.state === 'unknown')).toBe(true);
  });
});
