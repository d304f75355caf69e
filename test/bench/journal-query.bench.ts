import Database from 'better-sqlite3';
import { afterAll, bench, describe } from 'vitest';
import { tempJournal } from '../helpers/journal';

// The Journal screen reads one page at a time from main: a deep page, a free-text search and a
// period filter over 50 000 entries must each answer well within a frame budget of scrolling
// (target: tens of milliseconds; compare with reading one entry by id, printed beside them).
const ROWS = 50_000;
const t = tempJournal();
t.journal.close();
const raw = new Database(t.file);
const insert = raw.prepare(
  `INSERT INTO entries (operation, profile_id, environment, state, request_body, order_id, coin, network, amount,
     created_at, updated_at) VALUES ('createInvoice', 'p-live', 'live', ?, '{}', ?, 'usdt', 'tron', '10.00', ?, ?)`,
);
raw.transaction(() => {
  for (let i = 0; i < ROWS; i++) {
    const at = new Date(Date.UTC(2031, 0, 1) + i * 60_000).toISOString();
    insert.run(i % 97 === 0 ? 'unknown' : 'accepted', `BULK-${i}`, at, at);
  }
})();
raw.close();
const journal = t.reopen();
afterAll(() => t.cleanup());

describe(`journal of ${ROWS} entries`, () => {
  bench('one entry by id (baseline)', () => {
    journal.get(ROWS / 2);
  });
  bench('deep page (offset 49 900, 100 rows)', () => {
    journal.page({ profileId: 'p-live' }, { offset: ROWS - 100, limit: 100 });
  });
  bench('free-text search', () => {
    journal.page({ text: 'BULK-4242' }, { offset: 0, limit: 100 });
  });
  bench('one day, unknown only', () => {
    journal.page(
      { from: '2031-01-10T00:00:00.000Z', to: '2031-01-11T00:00:00.000Z', state: 'unknown' },
      { offset: 0, limit: 100 },
    );
  });
});
