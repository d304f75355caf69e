import { toEntry, type EntryRow } from '../../storage/port/entry-row';
import { JournalError } from '../../storage/port/errors';
import { ServerUnreachableError } from '../../storage/pg/errors';
import type { JournalStore } from '../../storage/port/journal-store';
import type { EntryFilter } from '../../storage/port/query-types';
import type { JournalEntry } from '../../storage/port/types';
import type { LocalCopy } from '../../team/local-copy';

/** How many entries the copy is read in at once while offline (viewing, not bulk work). */
const OFFLINE_READ_LIMIT = 100_000;

/**
 * The team's ledger while its server cannot be reached: the desk's local copy (as of its last sync),
 * read-only. Every write is refused in words (`refusal()`), so nothing is claimed, sent or resolved
 * without the server; the live sync reopens the real ledger once the server is back.
 */
export function offlineTeamJournal(copy: LocalCopy, deskId: string, refusal: () => string): JournalStore {
  const refuse = async (): Promise<never> => {
    throw new JournalError('not-recorded', refusal());
  };
  const all = (): JournalEntry[] =>
    copy
      .entries({ limit: OFFLINE_READ_LIMIT })
      .map((row) => toEntry({ ...(row as unknown as EntryRow), id: Number(row.id) }));
  const matches = (filter: EntryFilter) => (e: JournalEntry) =>
    (!filter.profileId || e.profileId === filter.profileId) &&
    (!filter.operation || e.operation === filter.operation) &&
    (!filter.state || e.state === filter.state) &&
    (!filter.from || e.createdAt >= filter.from) &&
    (!filter.to || e.createdAt < filter.to) &&
    (!filter.coin || e.coin?.toLowerCase() === filter.coin.toLowerCase()) &&
    (!filter.network || e.network?.toLowerCase() === filter.network.toLowerCase()) &&
    (!filter.text?.trim() || JSON.stringify(e).toLowerCase().includes(filter.text.trim().toLowerCase()));
  const noCheck = async () => ({ ok: false as const, brokenAt: { reason: refusal() } });

  return {
    deskId: `desk-${deskId}`,
    recovered: [],
    chainProblem: null,
    settledAtOpen: [],
    begin: refuse,
    // An answer that arrives now is held and recorded once the server is back, never dropped.
    settle: async (id) => {
      throw new ServerUnreachableError(id, new Error(refusal()));
    },
    resolve: refuse,
    applyWithdrawalEvent: refuse,
    applyInvoiceEvent: refuse,
    attachWithdrawalId: refuse,
    recordRate: refuse,
    recordDeposit: refuse,
    async get(id) {
      const row = copy.entry(id);
      return row && row.state !== 'intent' ? toEntry({ ...(row as unknown as EntryRow), id }) : null;
    },
    async list(query = {}) {
      return all()
        .filter(matches(query))
        .filter((e) => query.before === undefined || e.id < query.before)
        .slice(0, Math.min(Math.max(Math.trunc(query.limit ?? 100), 1), 1000));
    },
    // The chain's events stay on the server; the copy keeps the rows only.
    events: async () => [],
    deposits: async () => [],
    findUnknown: async () => all().filter((e) => e.state === 'unknown'),
    findAcceptedWithoutWithdrawalId: async () => [],
    async page(filter, request) {
      const found = all().filter(matches(filter));
      const anchor = request.anchor ?? found[0]?.id ?? 0;
      const bound = request.before === undefined ? anchor : Math.min(anchor, request.before - 1);
      const upTo = found.filter((e) => e.id <= bound);
      return {
        entries: upTo.slice(request.offset, request.offset + request.limit),
        total: found.filter((e) => e.id <= anchor).length,
        anchor,
        newer: found.filter((e) => e.id > anchor).length,
      };
    },
    async openEntries(profileId) {
      const mine = all().filter((e) => e.profileId === profileId);
      return {
        unknown: mine.filter((e) => e.state === 'unknown'),
        settling: mine.filter(
          (e) =>
            e.operation === 'createWithdrawal' &&
            (e.state === 'accepted' || e.state === 'resolved-performed') &&
            (e.settlement === 'pending' || e.settlement === 'processing'),
        ),
      };
    },
    async pairs(profileId) {
      const seen = new Map<string, { coin: string; network: string }>();
      for (const e of all())
        if (e.coin && e.network && (!profileId || e.profileId === profileId))
          seen.set(`${e.coin}/${e.network}`.toLowerCase(), {
            coin: e.coin.toLowerCase(),
            network: e.network.toLowerCase(),
          });
      return [...seen.values()];
    },
    verifyChain: noCheck,
    verifyChainGradually: async () => null,
    verifyChainUpTo: noCheck,
    exportCsv: refuse,
    // Reconciliation reads the server's facts and sessions, never the copy: offline, it waits too.
    reconciliation: {
      facts: {
        recordSnapshots: refuse,
        snapshotsAround: refuse,
        recordMovement: refuse,
        markMatched: refuse,
        pairsBetween: refuse,
        movementFacts: refuse,
        hasMovementBetween: refuse,
        movementsById: refuse,
      },
      sessions: {
        start: refuse,
        review: refuse,
        close: refuse,
        get: refuse,
        must: refuse,
        list: refuse,
        reviews: refuse,
        people: refuse,
      },
    },
    diagnostics: async () => ({
      journalMode: 'postgresql (offline copy)',
      synchronous: 'other',
      schemaVersion: 0,
    }),
    close: async () => {},
  };
}
