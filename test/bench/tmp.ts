import Database from 'better-sqlite3';
import { tempJournal } from '../helpers/journal';
const t = tempJournal();
t.journal.close();
const raw = new Database(t.file);
const insert = raw.prepare(
  `INSERT INTO entries (operation, profile_id, environment, state, request_body, order_id, coin, network, amount, created_at, updated_at) VALUES ('createInvoice', 'p-live', 'live', ?, '{}', ?, 'usdt', 'tron', '10.00', ?, ?)`,
);
let s = performance.now();
raw.transaction(() => {
  for (let i = 0; i < 50_000; i++) {
    const at = new Date(Date.UTC(2031, 0, 1) + i * 60_000).toISOString();
    insert.run(i % 97 === 0 ? 'unknown' : 'accepted', `BULK-${i}`, at, at);
  }
})();
console.log('insert', performance.now() - s);
raw.close();
s = performance.now();
const j = t.reopen();
console.log('reopen', performance.now() - s);
s = performance.now();
j.page({ profileId: 'p-live' }, { offset: 49_900, limit: 100 });
console.log('deep', performance.now() - s);
s = performance.now();
j.page({ text: 'BULK-4242' }, { offset: 0, limit: 100 });
console.log('search', performance.now() - s);
s = performance.now();
j.page(
  { from: '2031-01-10T00:00:00.000Z', to: '2031-01-11T00:00:00.000Z', state: 'unknown' },
  { offset: 0, limit: 100 },
);
console.log('period', performance.now() - s);
t.cleanup();
