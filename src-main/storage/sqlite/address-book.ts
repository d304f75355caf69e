import type { Database } from 'better-sqlite3';
import { appendEvent, isSealedEvent } from './chain';
import { stableStringify } from './chain-rules';
import { JournalError } from '../port/errors';
import type { AddressBookEntry, NewAddressBookEntry } from '../port/address-book';
import type { JournalContext } from './context';

const PREFIX = 'address-book.';
const TYPES = `'${PREFIX}add', '${PREFIX}remove'`;

interface BookRow {
  id: number;
  profile_id: string;
  name: string;
  coin: string;
  network: string;
  address: string;
  note: string;
  added_at: string;
  added_by: string;
  removed_at: string | null;
  removed_by: string | null;
}

const toEntry = (row: BookRow): AddressBookEntry => ({
  id: row.id,
  profileId: row.profile_id,
  name: row.name,
  coin: row.coin,
  network: row.network,
  address: row.address,
  note: row.note,
  addedAt: row.added_at,
  addedBy: row.added_by,
});

/**
 * The address book in the journal's file (migration 10). Every change is recorded in the hash chain
 * in the same transaction, as an event about no entry holding the row as it is after the change, so
 * verifyAddressBook() finds a destination planted, edited or un-removed outside the app.
 */
export function openAddressBook(ctx: JournalContext) {
  const { db } = ctx;
  const rowOf = (id: number) =>
    db.prepare('SELECT * FROM address_book WHERE id = ?').get(id) as BookRow | undefined;
  return {
    /**
     * Only rows that match their newest sealed event: a row written into the file by hand (to pass
     * the "book addresses only" rule) is not in the book, whether or not a chain check has run yet.
     */
    list(profileId: string): AddressBookEntry[] {
      const recorded = recordedRows(db, true);
      return (
        db
          .prepare('SELECT * FROM address_book WHERE profile_id = ? AND removed_at IS NULL ORDER BY id')
          .all(profileId) as BookRow[]
      )
        .filter((row) => recorded.get(row.id) === stableStringify(row))
        .map(toEntry);
    },
    add(entry: NewAddressBookEntry): AddressBookEntry {
      return ctx.write(() => {
        const same = db
          .prepare(
            `SELECT name FROM address_book WHERE profile_id = ? AND coin = ? AND network = ? AND address = ?
             AND removed_at IS NULL`,
          )
          .get(entry.profileId, entry.coin, entry.network, entry.address) as { name: string } | undefined;
        if (same)
          throw new JournalError(
            'conflict',
            `This address is already in the address book as “${same.name}”; nothing was added.`,
          );
        const at = ctx.now();
        const { lastInsertRowid } = db
          .prepare(
            `INSERT INTO address_book (profile_id, name, coin, network, address, note, added_at, added_by)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            entry.profileId,
            entry.name,
            entry.coin,
            entry.network,
            entry.address,
            entry.note,
            at,
            entry.addedBy,
          );
        const row = rowOf(Number(lastInsertRowid))!;
        appendEvent(db, null, `${PREFIX}add`, at, { bookEntry: row });
        return toEntry(row);
      });
    },
    remove(profileId: string, id: number, removedBy: string): AddressBookEntry {
      return ctx.write(() => {
        const found = rowOf(id);
        if (!found || found.profile_id !== profileId || found.removed_at !== null)
          throw new JournalError('not-found', `Address book entry ${id} is not in this profile's book.`);
        const at = ctx.now();
        db.prepare('UPDATE address_book SET removed_at = ?, removed_by = ? WHERE id = ?').run(
          at,
          removedBy,
          id,
        );
        const row = rowOf(id)!;
        appendEvent(db, null, `${PREFIX}remove`, at, { bookEntry: row });
        return toEntry(row);
      });
    },
  };
}
export type AddressBook = ReturnType<typeof openAddressBook>;

/** Each book row as its newest chained event recorded it, by id (only sealed events, when asked). */
function recordedRows(db: Database, sealedOnly: boolean): Map<number, string> {
  const recorded = new Map<number, string>();
  const events = db
    .prepare(
      `SELECT prev_hash, content, hash FROM events WHERE entry_id IS NULL AND type IN (${TYPES}) ORDER BY seq`,
    )
    .iterate() as IterableIterator<{ prev_hash: string; content: string; hash: string }>;
  for (const ev of events) {
    if (sealedOnly && !isSealedEvent(db, ev)) continue;
    const row = (JSON.parse(ev.content) as { detail?: { bookEntry?: BookRow } }).detail?.bookEntry;
    if (row) recorded.set(row.id, stableStringify(row));
  }
  return recorded;
}

type Broken = { ok: false; brokenAt: { reason: string } } | { ok: true };

/**
 * Each address book row against the row its newest chained event recorded. The events' own hashes
 * and links are verifyChain's job; this finds a row added, edited or deleted beside them.
 */
export function verifyAddressBook(db: Database): Broken {
  const recorded = recordedRows(db, false);
  const broken = (reason: string): Broken => ({ ok: false, brokenAt: { reason } });
  for (const row of db
    .prepare('SELECT * FROM address_book ORDER BY id')
    .iterate() as IterableIterator<BookRow>) {
    const history = recorded.get(row.id);
    if (history === undefined)
      return broken(`address book entry ${row.id} has no recorded history (added outside the app)`);
    if (history !== stableStringify(row))
      return broken(
        `address book entry ${row.id} differs from its recorded history (edited outside the app)`,
      );
    recorded.delete(row.id);
  }
  const missing = recorded.keys().next();
  if (!missing.done) return broken(`address book entry ${missing.value} was deleted outside the app`);
  return { ok: true };
}
