import { filterSql, type SearchMode } from '@main/storage/pg/entry-filter';
import { COUNT_AHEAD } from '@main/storage/pg/entry-reads';
import { openPgJournalStore } from '@main/storage/pg/journal-store';
import type { EntryFilter } from '@main/storage/port/query-types';
import { timeAsync, type Timing } from '../stats';
import type { BenchTeam } from './bench-team';

export interface LedgerReadTimings {
  rows: number;
  loadMs: number;
  firstPage: Timing;
  /** A whole order id: the exact path (migration 007's equality indexes). */
  search: Timing;
  /** A part of an order id no id equals: the trigram path. */
  partSearch: Timing;
  /** EXPLAIN (ANALYZE, BUFFERS) of each read's scan of the filter, once, after the timed runs. */
  plans: { firstPage: string; search: string; partSearch: string };
}

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * Fills md.entries and md.events with `rows` shared entries as the owner, in one INSERT ... SELECT
 * over generate_series each, with the tables' secondary indexes set aside and rebuilt after (the
 * indexes migration 001 made, recreated from their own definitions), then VACUUM ANALYZE, as a
 * server that has been running a while would be. Rows: a year of entries (one every 31 s) of three
 * profiles, two thirds withdrawals (accepted, settled; 1 in 50 rejected, 1 in 500 unknown) and a
 * third invoices, every one claimed by a desk that is not the reading one; one `begin` event each.
 * The events' hashes are not a chain (this figure reads pages; it does not check the chain).
 */
export async function loadSharedEntries(team: BenchTeam, rows: number): Promise<number> {
  const { owner } = team;
  const loader = await team.desk('Bench loader desk');
  const start = performance.now();
  const { rows: indexes } = await owner.query<{ name: string; def: string }>(
    `SELECT indexname AS name, indexdef AS def FROM pg_indexes
      WHERE schemaname = 'md' AND tablename IN ('entries', 'events') AND indexname NOT LIKE '%_pkey'`,
  );
  for (const { name } of indexes) await owner.query(`DROP INDEX md.${name}`);
  await owner.query(
    `INSERT INTO md.entries (operation, profile_id, environment, state, request_body, order_id, coin,
       network, amount, to_address, invoice_id, withdrawal_id, response_json, settlement, created_at,
       updated_at, desk_id, created_by, claimed_by, claimed_at, claimed_by_person, change_seq)
     SELECT op, (ARRAY['p-live', 'p-ops', 'p-shop'])[n % 3 + 1], 'live',
       CASE WHEN n % 500 = 1 THEN 'unknown' WHEN n % 50 = 0 THEN 'rejected' ELSE 'accepted' END,
       json_build_object('order_id', 'ORD-27-' || n, 'amount', amt, 'coin', coin, 'network', net)::text,
       'ORD-27-' || n, coin, net, amt,
       CASE WHEN op = 'createWithdrawal' THEN 'T' || md5(n::text) END,
       CASE WHEN op = 'createInvoice' THEN 'inv-' || n END,
       CASE WHEN op = 'createWithdrawal' THEN 'wd-' || n END,
       json_build_object('id', CASE WHEN op = 'createInvoice' THEN 'inv-' ELSE 'wd-' END || n)::text,
       CASE WHEN op = 'createWithdrawal' AND n % 500 <> 1 AND n % 50 <> 0 THEN 'completed' END,
       at, at, $1, 'bench_op', $1, at, 'bench_op', nextval('md.change_seq')
     FROM (SELECT n, CASE WHEN n % 3 = 0 THEN 'createInvoice' ELSE 'createWithdrawal' END AS op,
             (n % 9000 + 1)::text || '.00' AS amt,
             (ARRAY['usdt', 'btc', 'eth'])[n % 3 + 1] AS coin, (ARRAY['tron', 'bitcoin', 'ethereum'])[n % 3 + 1] AS net,
             to_char(timestamp '2025-11-26' + n * interval '31 seconds', ${ISO}) AS at
           FROM generate_series(1, $2::int) AS n) g
     ORDER BY n`,
    [loader.id, rows],
  );
  await owner.query(
    `INSERT INTO md.events (seq, entry_id, type, at, detail, desk_id, person, prev_hash, hash)
     SELECT id, id, 'begin', created_at, '{"detail":null}', desk_id, 'bench_op',
       md5((id - 1)::text) || md5((id - 1)::text), md5(id::text) || md5(id::text)
     FROM md.entries`,
  );
  await owner.query(
    'UPDATE md.chain_head SET seq = (SELECT max(seq) FROM md.events), hash = (SELECT hash FROM md.events ORDER BY seq DESC LIMIT 1)',
  );
  await owner.query("SET maintenance_work_mem = '256MB'");
  for (const { def } of indexes) await owner.query(def);
  await owner.query('VACUUM (ANALYZE) md.entries');
  await owner.query('VACUUM (ANALYZE) md.events');
  return performance.now() - start;
}

/** The Journal screen's first page and a free-text search, through the team store's `page`. */
export async function ledgerReads(team: BenchTeam, rows: number, runs: number): Promise<LedgerReadTimings> {
  const loadMs = await loadSharedEntries(team, rows);
  const desk = await team.desk('Bench reading desk');
  const store = await openPgJournalStore(team.operator(2), { deskId: desk.deskId, deskToken: desk.token });
  try {
    // As the SQLite figure asks it (test/bench/main/journal-reads.ts): one profile's newest 100.
    const firstPage = await timeAsync(
      () => store.page({ profileId: 'p-live' }, { offset: 0, limit: 100 }),
      runs,
    );
    // A different order id each time (so no answer is the one cached by the run before), of the two
    // longest lengths: a whole id, found by equality, not also the longer ids it is part of.
    const lowest = 10 ** Math.max(0, Math.floor(Math.log10(rows)) - 1);
    const target = (k: number) => lowest + ((k * 7919) % (rows - lowest + 1));
    let k = 0;
    const search = await timeAsync(() => {
      const id = target((k += 1));
      return store.page({ text: `ORD-27-${id}` }, { offset: 0, limit: 100 }).then((page) => {
        if (page.entries.map((e) => e.id).join() !== String(id))
          throw new Error(`search for ORD-27-${id} did not find it alone`);
      });
    }, runs);
    // The same ids without their first character ("RD-27-…"): no id equals that, so it is searched
    // inside every id (the trigram index), and still finds the entry.
    const partSearch = await timeAsync(() => {
      const id = target((k += 1));
      return store.page({ text: `RD-27-${id}` }, { offset: 0, limit: 100 }).then((page) => {
        if (!page.entries.some((e) => e.id === id)) throw new Error(`search for RD-27-${id} missed it`);
      });
    }, runs);
    return {
      rows,
      loadMs,
      firstPage,
      search,
      partSearch,
      plans: {
        firstPage: await hitsPlan(team, { profileId: 'p-live' }, 'contains'),
        search: await hitsPlan(team, { text: `ORD-27-${lowest}` }, 'exact'),
        partSearch: await hitsPlan(team, { text: `RD-27-${lowest}` }, 'contains'),
      },
    };
  } finally {
    await store.close();
  }
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Actual Total Time': number;
  'Actual Rows': number;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}

/**
 * Where a read's time goes, in one line per plan node: the scan of the filter `page` runs (the same
 * filter SQL, filterSql, and the same bounds), explained by the owner.
 */
async function hitsPlan(team: BenchTeam, filter: EntryFilter, mode: SearchMode): Promise<string> {
  const { where, params } = filterSql(filter, [], mode);
  const { rows } = await team.owner.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) SELECT id FROM md.entries WHERE state <> 'intent'${where}
       ORDER BY id DESC LIMIT ${100 + COUNT_AHEAD + 1}`,
    params,
  );
  const lines: string[] = [];
  const walk = (node: PlanNode) => {
    const index = node['Index Name'] ? ` on ${node['Index Name']}` : '';
    lines.push(
      `${node['Node Type']}${index} ${node['Actual Total Time'].toFixed(1)} ms, ${node['Actual Rows']} rows, ` +
        `${node['Shared Hit Blocks'] + node['Shared Read Blocks']} blocks`,
    );
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(rows[0]!['QUERY PLAN'][0].Plan);
  return lines.join('; ');
}
