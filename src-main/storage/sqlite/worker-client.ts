import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { JournalChain } from '../chain-seal';
import type { EntryFilter } from '../port/query-types';
import type { CsvExport, HeldAnswer, JournalStore } from '../port/journal-store';
import type { ReconFactsStore, SessionsStore } from '../port/recon-store';
import type { AddressBookStore, WithAddressBook } from '../port/address-book';
import { JOURNAL_DATA_METHODS } from '../port/journal-methods';
import { fromWire, type JournalPart, type WorkerMessage, type WorkerOpen } from './worker-protocol';

export interface WorkerJournalOptions {
  deskId: string;
  heldAnswers?: readonly HeldAnswer[];
  chain?: JournalChain;
  onIdleError?: (error: unknown) => void;
  /** The worker's script; by default the built one beside main's bundle, or the source under tsx. */
  entry?: WorkerEntry;
}

export interface WorkerEntry {
  file: string;
  /** A TypeScript source, loaded through tsx (tests and tools run from sources). */
  source: boolean;
}

/**
 * Where the worker's script is: built, `storage-worker.js` beside main's bundle (electron-vite's
 * extra main entry); from sources (tests, tools run with tsx), the .ts file loaded through tsx.
 */
export function defaultWorkerEntry(): WorkerEntry {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    // Tests run from sources, and start hundreds of workers: when the build is as new as the sources
    // (vitest.config.ts checks), they start the built worker instead of compiling it again each time.
    const built = process.env.MD_BUILT_STORAGE_WORKER;
    if (built) return { file: built, source: false };
    return { file: join(dirname(here), 'storage-worker.ts'), source: true };
  }
  for (const dir of [dirname(here), dirname(dirname(here))]) {
    const built = join(dir, 'storage-worker.js');
    if (existsSync(built)) return { file: built, source: false };
  }
  throw new Error(`The storage worker's script is not beside ${here}.`);
}

/**
 * Opens the SQLite journal in a worker thread (Signal Desktop's pattern) and answers as the port:
 * each call is a message, each answer a reply, errors arrive as the same classes with the same
 * kinds. Resolves once the journal is open, its held answers settled and interrupted sends recovered.
 */
export function openJournalInWorker(
  file: string,
  options: WorkerJournalOptions,
): Promise<JournalStore & WithAddressBook> {
  const entry = options.entry ?? defaultWorkerEntry();
  const data: WorkerOpen = {
    file,
    deskId: options.deskId,
    heldAnswers: options.heldAnswers ?? [],
    chain: options.chain
      ? {
          key: new Uint8Array(options.chain.key),
          anchor: options.chain.anchor,
          keyCreated: options.chain.keyCreated,
          freshStart: options.chain.freshStart,
        }
      : null,
  };
  const worker = entry.source
    ? new Worker(throughTsx(entry.file), { eval: true, workerData: data })
    : new Worker(entry.file, { workerData: data });
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let gone: Error | null = null;

  const call = <T>(method: string, ...args: unknown[]): Promise<T> => {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, method, args });
    });
  };
  const stopAll = (error: Error) => {
    gone ??= error;
    for (const { reject } of waiting.values()) reject(gone);
    waiting.clear();
  };

  return new Promise<JournalStore & WithAddressBook>((resolve, reject) => {
    worker.on('message', (message: WorkerMessage) => {
      switch (message.type) {
        case 'ready':
          resolve(client(message));
          return;
        case 'open-failed':
          reject(fromWire(message.error));
          return;
        case 'reply':
        case 'fail': {
          const pending = waiting.get(message.id);
          waiting.delete(message.id);
          if (message.type === 'reply') pending?.resolve(message.value);
          else pending?.reject(fromWire(message.error));
          return;
        }
        case 'anchor':
          options.chain?.saveAnchor(message.anchor);
          return;
        case 'idle-error':
          options.onIdleError?.(fromWire(message.error));
      }
    });
    worker.on('error', (error) => {
      stopAll(error);
      reject(error);
    });
    worker.on('exit', (code) => {
      const error = new Error(`The storage worker stopped (exit code ${code}); the journal is closed.`);
      stopAll(error);
      reject(error);
    });
  });

  function client({
    report,
    parts,
  }: Extract<WorkerMessage, { type: 'ready' }>): JournalStore & WithAddressBook {
    const method =
      <T>(name: string) =>
      (...args: unknown[]) =>
        call<T>(name, ...args);
    const part = <T>(name: JournalPart) =>
      Object.fromEntries(parts[name].map((served) => [served, method(`${name}.${served}`)])) as unknown as T;
    return {
      ...report,
      ...(Object.fromEntries(JOURNAL_DATA_METHODS.map((name) => [name, method(name)])) as Pick<
        JournalStore,
        (typeof JOURNAL_DATA_METHODS)[number]
      >),
      verifyChainGradually: method('verifyChainGradually'),
      exportCsv: (filter?: EntryFilter) => openCsv(filter),
      reconciliation: {
        facts: part<ReconFactsStore>('facts'),
        sessions: part<SessionsStore>('sessions'),
      },
      addressBook: part<AddressBookStore>('addressBook'),
      close: async () => {
        if (gone) return;
        await call('close');
        gone = new Error('The journal is closed.');
        await worker.terminate();
      },
    } as JournalStore & WithAddressBook;
  }

  async function openCsv(filter?: EntryFilter): Promise<CsvExport> {
    const { handle, rows } = await call<{ handle: number; rows: number }>('csv.open', filter);
    return {
      rows,
      // Pulled a piece at a time: main writes one while the worker reads the next rows.
      async *pieces() {
        for (;;) {
          const piece = await call<string | null>('csv.piece', handle);
          if (piece === null) return;
          yield piece;
        }
      },
      text: () => call<string>('csv.text', handle),
      changed: () => call<boolean>('csv.changed', handle),
    };
  }
}

/**
 * A worker's bootstrap that registers tsx's loader in that thread, then loads the .ts entry. (An
 * `--import tsx` in the worker's execArgv does not reach its entry module on Node 20.) tsx's ESM
 * API is resolved from here: the package maps `tsx/esm/api` to index.cjs for require and to the
 * index.mjs beside it for import, which is the one that registers the hooks.
 */
function throughTsx(file: string): string {
  const api = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/index\.cjs$/, 'index.mjs');
  const [loader, entry] = [pathToFileURL(api).href, pathToFileURL(file).href].map((u) => JSON.stringify(u));
  return `import(${loader}).then((tsx) => { tsx.register(); return import(${entry}); });`;
}
