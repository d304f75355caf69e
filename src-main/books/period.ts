import type { JournalStore } from '../storage/port';
import type { JournalEntry } from '../storage/port/types';
import { depositMovement, movementsOf } from './movements';
import type { BookMovement } from './movement-types';

/** A chosen period of one profile's books: from (included) to (excluded), ISO times in UTC. */
export interface BooksPeriod {
  profileId: string;
  from: string;
  to: string;
}

/** The ledger position an export was made from: the newest chain event it read. */
export interface ChainPosition {
  seq: number;
  hash: string;
  at: string;
}

export interface PeriodBooks {
  period: BooksPeriod;
  /** Oldest first (by time, then by chain order). */
  movements: BookMovement[];
  /** Null when no event before the period's end was read (an empty ledger for this profile). */
  position: ChainPosition | null;
}

const PAGE = 1000;
const MOVES_MONEY = new Set(['createWithdrawal', 'createInvoice']);
const PERFORMED = new Set(['accepted', 'resolved-performed']);

/** Every entry of the profile that can hold a movement, created before the period's end. */
async function candidates(journal: Pick<JournalStore, 'list'>, period: BooksPeriod): Promise<JournalEntry[]> {
  const found: JournalEntry[] = [];
  for (let before: number | undefined; ;) {
    const page = await journal.list({
      profileId: period.profileId,
      limit: PAGE,
      ...(before ? { before } : {}),
    });
    for (const e of page)
      if (MOVES_MONEY.has(e.operation) && PERFORMED.has(e.state) && e.createdAt < period.to) found.push(e);
    if (page.length < PAGE) return found;
    before = page[page.length - 1]!.id;
  }
}

/**
 * The movements of a period, read from the journal alone (never from the service): each entry's chain
 * events up to the period's end, the movements they record, those inside the period. Reading only
 * what was recorded before the end makes a closed period's books the same every time they are asked
 * for. A movement recorded late (a webhook that came after the end) belongs to the period it arrived in.
 * A wallet deposit, like the rest, belongs to the period in which the desk recorded it.
 */
export async function readPeriod(
  journal: Pick<JournalStore, 'list' | 'events' | 'deposits'>,
  period: BooksPeriod,
): Promise<PeriodBooks> {
  const movements: BookMovement[] = [];
  let position: ChainPosition | null = null;
  for (const entry of await candidates(journal, period)) {
    const events = (await journal.events(entry.id)).filter((e) => e.at < period.to);
    for (const e of events)
      if (!position || e.seq > position.seq) position = { seq: e.seq, hash: e.hash, at: e.at };
    movements.push(...movementsOf(entry, events).filter((m) => m.at >= period.from));
  }
  // Wallet deposits belong to no entry: each is a chain event of its own, with its rate.
  for (const d of await journal.deposits(period.profileId, period.to)) {
    if (!position || d.seq > position.seq) position = { seq: d.seq, hash: d.hash, at: d.at };
    if (d.at >= period.from) movements.push(depositMovement(d));
  }
  movements.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.seq - b.seq || (a.id < b.id ? -1 : 1)));
  return { period, movements, position };
}
