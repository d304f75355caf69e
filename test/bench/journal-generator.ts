import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { appendEvent } from '@main/storage/sqlite/chain';
import { canonicalJson } from '@main/protocol/canonical';
import { openJournal, type Journal } from '@main/storage/sqlite/journal';
import { bulkLoad } from '../helpers/bulk-load';
import { BENCH_DESK } from './bench-desk';
import { mulberry32 } from './stats';

/**
 * A year of a merchant's journal for the benchmark only (never imported by src-*): invoices,
 * withdrawals, wallets and lookups over three profiles, most answered, some rejected, a few unknown
 * and resolved, with the balance snapshots and webhook movements a reconciliation reads.
 *
 * The bulk path writes the rows the journal's own begin/settle/resolve would write (an intent row in
 * `sending`, its `begin` event, the final state and its `settle`/`resolve` event, each event sealed by
 * appendEvent with the open journal's key), in one transaction: the HMAC chain verifies afterwards.
 */
export const YEAR_START = Date.UTC(2030, 0, 1);
export const YEAR_MS = 365 * 24 * 3600_000;
export const PROFILES = [
  { id: 'p-live', environment: 'live' },
  { id: 'p-live-eu', environment: 'live' },
  { id: 'p-sandbox', environment: 'sandbox' },
] as const;
export const PAIRS = [
  ['usdt', 'tron'],
  ['usdt', 'eth'],
  ['btc', 'btc'],
  ['eth', 'eth'],
  ['usdc', 'eth'],
  ['ltc', 'ltc'],
] as const;

type Op = 'createInvoice' | 'createWithdrawal' | 'createWalletAddress' | 'createProviderCardOrder';
// Roughly what a shop does: mostly invoices, a withdrawal a few times a day, now and then a wallet.
const MIX: [Op, number][] = [
  ['createInvoice', 0.7],
  ['createWithdrawal', 0.15],
  ['createWalletAddress', 0.1],
  ['createProviderCardOrder', 0.05],
];

export interface GeneratedJournal {
  readonly journal: Journal;
  readonly db: Database;
  file: string;
  dir: string;
  rows: number;
  /** Closes the journal so another process may open it (it is exclusive); resume() reopens it. */
  suspend(): void;
  resume(): void;
  close(): void;
}

const iso = (ms: number) => new Date(ms).toISOString();

function open(file: string): { journal: Journal; db: Database } {
  let db: Database | undefined;
  // Rows without a desk would be claimed by the first open (an update of every row, and its search
  // index after it) inside whatever that open measures; the app's own rows always carry their desk.
  const journal = openJournal(file, { deskId: BENCH_DESK, onOpen: (opened) => (db = opened) });
  if (!db) throw new Error('openJournal did not hand over its connection');
  return { journal, db };
}

/** Opens a fresh journal in a temp folder and fills it with `rows` entries spread over 2030. */
export function generateJournal(rows: number, seed = 14): GeneratedJournal {
  const dir = mkdtempSync(join(tmpdir(), 'md-bench-journal-'));
  const file = join(dir, 'journal.sqlite');
  let current = open(file);
  fill(current.db, rows, seed);
  return {
    get journal() {
      return current.journal;
    },
    get db() {
      return current.db;
    },
    file,
    dir,
    rows,
    suspend: () => current.journal.close(),
    resume: () => void (current = open(file)),
    close() {
      current.journal.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function fill(db: Database, rows: number, seed: number): void {
  const rnd = mulberry32(seed); // the same rows on every run, so runs compare
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const insert = db.prepare(
    `INSERT INTO entries (operation, profile_id, environment, state, request_body, order_id, coin, network, amount,
       to_address, invoice_code, created_at, updated_at, desk_id) VALUES (?, ?, ?, 'sending', ?, ?, ?, ?, ?, ?, ?, ?, ?, '${BENCH_DESK}')`,
  );
  const settle = db.prepare(
    `UPDATE entries SET state = ?, response_json = ?, error_json = ?, settlement = ?, invoice_id = ?,
       invoice_code = coalesce(?, invoice_code), withdrawal_id = ?, wallet_id = ?, card_order_id = ?, updated_at = ?
       WHERE id = ?`,
  );
  const resolve = db.prepare(
    'UPDATE entries SET state = ?, resolution_json = ?, updated_at = ? WHERE id = ?',
  );
  const movement = db.prepare(
    `INSERT INTO recon_movements (profile_id, key, kind, coin, network, amount, effect, at, entry_id, outside, source)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 'amount')`,
  );
  const snapshot = db.prepare(
    `INSERT INTO balance_snapshots (profile_id, coin, network, total, available, frozen, at) VALUES (?, ?, ?, ?, ?, NULL, ?)`,
  );
  const step = YEAR_MS / rows;
  bulkLoad(db, () => {
    for (let i = 0; i < rows; i++) {
      const at = YEAR_START + Math.floor(i * step + rnd() * step * 0.5);
      const profile = rnd() < 0.6 ? PROFILES[0] : rnd() < 0.7 ? PROFILES[1] : PROFILES[2];
      let r = rnd();
      const op = MIX.find(([, share]) => (r -= share) < 0)?.[0] ?? 'createInvoice';
      const [coin, network] = pick(PAIRS);
      const amount = `${Math.floor(rnd() * 5000)}.${String(Math.floor(rnd() * 100)).padStart(2, '0')}`;
      const orderId = op === 'createInvoice' ? `ORD-${seed}-${i}` : null;
      const toAddress = op === 'createWithdrawal' ? `T${(i * 7919).toString(36).padStart(33, 'x')}` : null;
      const body =
        op === 'createInvoice'
          ? { order_id: orderId, amount }
          : op === 'createWithdrawal'
            ? { coin, network, amount, to_address: toAddress }
            : op === 'createWalletAddress'
              ? { coin, network, label: `customer ${i}` }
              : { invoiceCode: `c${(i - 1).toString(36)}` };
      const fields =
        op === 'createWithdrawal' || op === 'createWalletAddress' ? [coin, network] : [null, null];
      const created = iso(at);
      const id = Number(
        insert.run(
          op,
          profile.id,
          profile.environment,
          canonicalJson(body),
          orderId,
          ...fields,
          op === 'createProviderCardOrder' || op === 'createWalletAddress' ? null : amount,
          toAddress,
          op === 'createProviderCardOrder' ? `c${(i - 1).toString(36)}` : null,
          created,
          created,
        ).lastInsertRowid,
      );
      appendEvent(db, id, 'begin', created, { operation: op, override: null });

      const settled = iso(at + 300 + Math.floor(rnd() * 900));
      const roll = rnd();
      const outcome = roll < 0.9 ? 'accepted' : roll < 0.995 ? 'rejected' : 'unknown';
      const accepted = outcome === 'accepted';
      const ids = {
        invoiceId: accepted && op === 'createInvoice' ? `inv-${i}` : null,
        invoiceCode: accepted && op === 'createInvoice' ? `c${i.toString(36)}` : null,
        cardOrderId: accepted && op === 'createProviderCardOrder' ? `card-${i}` : null,
        withdrawalId: accepted && op === 'createWithdrawal' ? `wd-${i}` : null,
        walletId: accepted && op === 'createWalletAddress' ? `wal-${i}` : null,
      };
      const response = accepted
        ? op === 'createWalletAddress'
          ? { id: ids.walletId, address: `addr-${i.toString(36)}` }
          : { id: ids.invoiceId ?? ids.withdrawalId ?? ids.cardOrderId, status: 'created' }
        : null;
      const error = outcome === 'rejected' ? { kind: 'rejected', message: 'Insufficient balance' } : null;
      const settlement =
        accepted && op === 'createWithdrawal' ? (rnd() < 0.97 ? 'completed' : 'pending') : null;
      settle.run(
        outcome,
        response && JSON.stringify(response),
        error && JSON.stringify(error),
        settlement,
        ids.invoiceId,
        ids.invoiceCode,
        ids.withdrawalId,
        ids.walletId,
        ids.cardOrderId,
        settled,
        id,
      );
      appendEvent(db, id, 'settle', settled, { from: 'sending', to: outcome, externalIds: {} });

      // Two thirds of the unknown ones were resolved by a person later; the rest wait.
      if (outcome === 'unknown' && rnd() < 0.66) {
        const resolved = iso(at + 3600_000);
        const performed = rnd() < 0.5;
        const to = performed ? 'resolved-performed' : 'resolved-not-performed';
        const reason = 'checked in the merchant dashboard';
        resolve.run(
          to,
          JSON.stringify({ by: 'person', performed, reason, evidence: null, at: resolved }),
          resolved,
          id,
        );
        appendEvent(db, id, 'resolve', resolved, { from: 'unknown', to, by: 'person', reason });
      }
      // What the webhooks reported: a paid invoice credits, a completed withdrawal debits.
      if (accepted && (op === 'createInvoice' || op === 'createWithdrawal') && rnd() < 0.8) {
        const credit = op === 'createInvoice';
        movement.run(
          profile.id,
          `${credit ? 'invoice' : 'withdrawal'}:${i}`,
          credit ? 'invoice-credit' : 'withdrawal-debit',
          coin,
          network,
          amount,
          credit ? amount : `-${amount}`,
          settled,
          id,
        );
      }
    }
    // A balance snapshot per pair and profile each day of the year: what a reconciliation starts from.
    for (const profile of PROFILES)
      for (const [coin, network] of PAIRS)
        for (let day = 0; day <= 365; day++)
          snapshot.run(
            profile.id,
            coin,
            network,
            `${1_000_000 + day * 10}.00`,
            `${1_000_000 + day * 10}.00`,
            iso(YEAR_START + day * 24 * 3600_000),
          );
  });
  tidySearch(db);
}

/**
 * Merges the search index the bulk load left in many segments, as the desk's tidier does in its
 * first quiet spell (search-tidy.ts): otherwise the bench's first open would merge it in the
 * background of whatever it measures (an export's memory, a page's time).
 */
function tidySearch(db: Database): void {
  const merge = db.prepare("INSERT INTO entries_search (entries_search, rank) VALUES ('merge', 64)");
  const changes = db.prepare('SELECT total_changes()').pluck();
  for (;;) {
    const before = changes.get() as number;
    merge.run();
    if ((changes.get() as number) - before < 2) return;
  }
}
