import { parentPort, workerData } from 'node:worker_threads';
import { JOURNAL_DATA_METHODS } from '../port/journal-methods';
import type { CsvExport } from './csv';
import { openJournal, type Journal } from './journal';
import { toWire, type Call, type JournalPart, type WorkerMessage, type WorkerOpen } from './worker-protocol';

/**
 * The storage worker: it owns the journal's connection, and main talks to it by messages
 * (worker-client.ts). Every call runs here, one at a time, synchronously as before, so a write's
 * transaction is committed (synchronous = FULL) before its reply is posted: main sends no byte of
 * a request before begin's reply. The long work (a full chain check, an export) holds this thread,
 * never main's.
 */
const port = (() => {
  if (!parentPort) throw new Error('storage-worker.ts runs as a worker thread (see worker-client.ts).');
  return parentPort;
})();
const post = (message: WorkerMessage) => port.postMessage(message);

const opening = workerData as WorkerOpen;
const journal = open();
if (journal) serve(journal);

/** The journal, or null once the failure is posted (main rejects with it; nothing else is thrown). */
function open(): Journal | null {
  try {
    return openJournal(opening.file, {
      deskId: opening.deskId,
      heldAnswers: opening.heldAnswers,
      ...(opening.chain
        ? {
            chain: {
              key: Buffer.from(opening.chain.key),
              anchor: opening.chain.anchor,
              keyCreated: opening.chain.keyCreated,
              freshStart: opening.chain.freshStart,
              // The keychain is main's: the new head goes there to be written.
              saveAnchor: (anchor) => post({ type: 'anchor', anchor }),
              flush: async () => {},
            },
          }
        : {}),
      onIdleError: (error) => post({ type: 'idle-error', error: toWire(error) }),
    });
  } catch (error) {
    // Posted, not thrown: a throw would reach main as a bare 'error' event, possibly before this
    // message, and without the failure's kind (a journal locked by another desk must say so).
    post({ type: 'open-failed', error: toWire(error) });
    port.close();
    return null;
  }
}

function serve(journal: Journal): void {
  const { facts, sessions } = journal.reconciliation;
  const parts: Record<JournalPart, object> = { facts, sessions, addressBook: journal.addressBook };
  const partEntries = Object.entries(parts).flatMap(([part, store]) =>
    Object.entries(store).map(([name, fn]) => [`${part}.${name}`, fn] as const),
  );
  post({
    type: 'ready',
    report: {
      deskId: journal.deskId,
      recovered: [...journal.recovered],
      chainProblem: journal.chainProblem,
      settledAtOpen: [...journal.settledAtOpen],
      readOnly: journal.readOnly ?? null,
    },
    parts: Object.fromEntries(
      Object.entries(parts).map(([part, store]) => [part, Object.keys(store)]),
    ) as Record<JournalPart, string[]>,
  });
  /** CSV snapshots being read piece by piece, by handle: the newest few (an export takes one or two). */
  const exports = new Map<number, { csv: CsvExport; pieces?: Iterator<string> }>();
  let nextExport = 1;
  const MAX_OPEN_EXPORTS = 8;
  const nextTurn = () => new Promise<void>((resume) => setImmediate(resume));

  function csvOf(handle: unknown) {
    const found = exports.get(Number(handle));
    if (!found) throw new Error(`No export ${String(handle)} is open in the storage worker.`);
    return found;
  }

  type Method = (...args: never[]) => unknown;
  const methods: Record<string, Method> = {
    ...Object.fromEntries(JOURNAL_DATA_METHODS.map((name) => [name, journal[name] as Method])),
    ...(Object.fromEntries(partEntries) as Record<string, Method>),
    // Slices with this thread's other calls (a write) let through between them.
    verifyChainGradually: () => journal.verifyChainGradually(nextTurn),
    'csv.open': (filter?: never) => {
      const csv = journal.exportCsv(filter);
      const handle = nextExport++;
      exports.set(handle, { csv });
      for (const old of exports.keys()) if (exports.size > MAX_OPEN_EXPORTS) exports.delete(old);
      return { handle, rows: csv.rows };
    },
    /** The next piece, or null at the end. */
    'csv.piece': (handle: never) => {
      const open = csvOf(handle);
      open.pieces ??= open.csv.pieces()[Symbol.iterator]();
      const next = open.pieces.next();
      return next.done ? null : next.value;
    },
    'csv.text': (handle: never) => csvOf(handle).csv.text,
    'csv.changed': (handle: never) => csvOf(handle).csv.changed(),
    'csv.release': (handle: never) => void exports.delete(Number(handle)),
  };

  port.on('message', (call: Call) => {
    if (call.method === 'close') {
      journal.close();
      post({ type: 'reply', id: call.id, value: undefined });
      port.close();
      return;
    }
    const method = methods[call.method];
    try {
      if (!method) throw new Error(`The storage worker has no method ${call.method}.`);
      const value = method(...(call.args as never[]));
      if (value instanceof Promise)
        value.then(
          (resolved) => post({ type: 'reply', id: call.id, value: resolved }),
          (error: unknown) => post({ type: 'fail', id: call.id, error: toWire(error) }),
        );
      else post({ type: 'reply', id: call.id, value });
    } catch (error) {
      post({ type: 'fail', id: call.id, error: toWire(error) });
    }
  });
}
