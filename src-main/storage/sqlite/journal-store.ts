import type { WithAddressBook } from '../port/address-book';
import type { CsvExport, JournalStore } from '../port/journal-store';
import type { CsvExport as SyncCsvExport } from './csv';
import { openJournal, type Journal, type OpenJournalOptions } from './journal';

/** Each method of T, answering by promise. */
export type Async<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;
};

/** The same methods, each run when called and answered by a promise (a throw becomes a rejection). */
export function promised<T extends object>(target: T): Async<T> {
  const out: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(target))
    if (typeof fn === 'function') out[name] = async (...args: unknown[]) => fn(...args);
  return out as Async<T>;
}

const nextTurn = () => new Promise<void>((resume) => setImmediate(resume));

/** A CSV snapshot as the port gives it, over the connection's synchronous one. */
export function asyncCsv(csv: SyncCsvExport): CsvExport {
  const rows = csv.rows;
  return {
    rows,
    async *pieces() {
      for (const piece of csv.pieces()) {
        yield piece;
        await nextTurn();
      }
    },
    text: async () => csv.text,
    changed: async () => csv.changed(),
  };
}

/**
 * The SQLite journal as the port, on the calling thread. The app runs it in a worker (worker-client.ts);
 * this form is for tests and tools, and is what the worker itself holds.
 */
export function asJournalStore(journal: Journal): JournalStore & WithAddressBook {
  const { facts, sessions } = journal.reconciliation;
  return {
    ...promised({
      begin: journal.begin,
      settle: journal.settle,
      resolve: journal.resolve,
      applyWithdrawalEvent: journal.applyWithdrawalEvent,
      applyInvoiceEvent: journal.applyInvoiceEvent,
      get: journal.get,
      list: journal.list,
      events: journal.events,
      findUnknown: journal.findUnknown,
      findAcceptedWithoutWithdrawalId: journal.findAcceptedWithoutWithdrawalId,
      attachWithdrawalId: journal.attachWithdrawalId,
      recordRate: journal.recordRate,
      recordDeposit: journal.recordDeposit,
      deposits: journal.deposits,
      page: journal.page,
      openEntries: journal.openEntries,
      pairs: journal.pairs,
      verifyChain: journal.verifyChain,
      verifyChainUpTo: journal.verifyChainUpTo,
      diagnostics: journal.diagnostics,
      close: journal.close,
    }),
    verifyChainGradually: () => journal.verifyChainGradually(nextTurn),
    exportCsv: async (filter) => asyncCsv(journal.exportCsv(filter)),
    reconciliation: { facts: promised(facts), sessions: promised(sessions) },
    addressBook: promised(journal.addressBook),
    deskId: journal.deskId,
    recovered: journal.recovered,
    chainProblem: journal.chainProblem,
    settledAtOpen: journal.settledAtOpen,
    readOnly: journal.readOnly ?? null,
  };
}

/** Opens the SQLite journal on this thread, as the port. */
export function openJournalStore(
  file: string,
  options: OpenJournalOptions = {},
): JournalStore & WithAddressBook {
  return asJournalStore(openJournal(file, options));
}
