import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS as LEDGER_MIGRATIONS } from '@main/storage/pg/migrations/index';
import { FILL_SEARCH, MIGRATIONS as JOURNAL_MIGRATIONS } from '@main/storage/sqlite/migrations';

// The SHA-256 of each migration's SQL as it ran (computed once, from main at 9604006). A team's server
// records the versions it has run and never runs them again; a desk's journal likewise (user_version),
// and it refuses a journal whose triggers and indexes differ from the text the migrations write
// (sqlite/schema-check.ts). An edit would leave what ran on a schema the code no longer describes.
// The TS that builds the SQL may be shared and refactored freely; the text it produces may not change.
const LEDGER: Readonly<Record<number, string>> = {
  1: '26450bf31683c4fcfbfb6aabc25cd79d159ce73506c154df07398708dbc153d7',
  2: '1dcaec887e59ba0863ff7418f414d0c7d25f5d4fc9389b7a9b158cb61b4c000c',
  3: 'fa0a43e17a18a7137e67c2a83fa616b3b3b96d54ff6810a7de7c97fcc2900004',
  4: '0c278cd5ff886837f47668ac05fff9e6f065fea3d76b5dd5811fa3d5bca94bde',
  6: 'd716e9f1dcdb0bd722d39893f76033177f4d2115e7d356cbc48ea525a27a6fd9',
  7: '59c96bd680f6622d65bf7d913e1f68c2d09944fd4c0bd32fa05d17ddf953f159',
  8: '9a80cb6002e264569f037e12bce4b661654955f207b9ee13428fbb5fbcdd3b0d',
  9: 'f457216a8b79a8f56b767a231c23f3721c815f9c7acfef95680059d59952a1b4',
  10: '1bf019c6e7f33058f9e2b7c6a2f99bb73944d1815df519c941ed4c8f4b599961',
  11: '7b8625f28021130a03afb5ca86b787c150673723060b8371cb36d1b25a74793f',
  12: '6a8d0dd4b24d8b92ae88c516af1807644e2be2f5532b036c26359aea61b48ca2',
};
const JOURNAL: Readonly<Record<number, string>> = {
  1: '2a6752a5ce90f0a39f2516b2b5332b2660e9fff881c8ddd81e7bfe7cab4ea69b',
  2: '56adc824d8308a0f64267eed2e929ea371d28323bf1bbc04cd5caae16a04fb7d',
  3: '63449cb08aacb2482bdc626ca565143f9f3ef7ba7197b07a309ac8001e6ded2e',
  4: '13abcaba9c2c35503da33d2d6ab4c655bd9d55332a6e81a946d393f52fb4fabf',
  5: 'b948570cc6c91107a09f5c5f1bc444705374fa2f40b25db1826f52b28f62e0bc',
  6: 'c09ba3e91369fa13a06679b3e699d626da1aa630c87c99e2d2c60618a39bd514',
  7: 'b8b23b020a6c0717723c875e5b9b48a3c8eda73adb00d426f54b3ad10b2073bc',
  8: 'd4d7190409bb33f8b86dbf4da544a572d2384d21d694e44bf98a9f44315aedf9',
  9: '6d29c3fe7b307ba75c118d498eaf881fa034388166f1f5b6b4a2b756c972e87b',
  10: '22d281029b5d895053f8e99ffc8a296b24d7726252ece6a471a6882de6ea31a3',
  11: '530ddb7fadb43fa62aa28f94bb0d699d8377d7092ee15d42fea9796f756ea0ec',
};
// Migration 5's bulk fill of the search index: its text is the triggers' (migrations.ts SEARCH_TEXT).
const FILL_SEARCH_HASH = '03869340fe86adf93aa154e028bd3ab55ac37873475ceb3ab25a1091219d5100';

const NEVER_CHANGE =
  'a migration a server or a desk has run must never change; add the next one (and pin its hash here)';

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** The SQL one journal migration runs: each is one db.exec, recorded here instead of run. */
function journalSql(step: (db: Database) => void): string {
  const ran: string[] = [];
  step({ exec: (sql: string) => void ran.push(sql) } as unknown as Database);
  return ran.join('\n');
}

const ledger = new Map(LEDGER_MIGRATIONS.map((m) => [m.version, m.sql]));
const journal = new Map(JOURNAL_MIGRATIONS.map((step, i) => [i + 1, journalSql(step)]));

describe.each([
  { room: 'the team ledger (PostgreSQL)', pinned: LEDGER, sql: ledger },
  { room: 'the desk journal (SQLite)', pinned: JOURNAL, sql: journal },
])('the migrations of $room', ({ pinned, sql }) => {
  it.each(Object.entries(pinned))('keep migration %s byte for byte as it ran', (version, hash) => {
    const text = sql.get(Number(version));
    expect(text, `migration ${version} is gone: ${NEVER_CHANGE}`).toBeDefined();
    expect(sha256(text ?? ''), `migration ${version} changed: ${NEVER_CHANGE}`).toBe(hash);
  });

  it('are each pinned, in order', () => {
    expect([...sql.keys()], `a migration has no pinned hash: ${NEVER_CHANGE}`).toEqual(
      Object.keys(pinned).map(Number),
    );
  });
});

it("keeps migration 5's fill of the search index as it ran", () => {
  expect(sha256(FILL_SEARCH), `FILL_SEARCH changed: ${NEVER_CHANGE}`).toBe(FILL_SEARCH_HASH);
});
