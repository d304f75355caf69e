import { JOURNAL_DATA_METHODS } from '../../storage/port/journal-methods';
import type { JournalStore } from '../../storage/port/journal-store';
import type { WebhookLog } from '../../storage/port/webhook-log';
import type { PendingAnswers } from '../pending-answers';

/** A store the composition root holds once, whose implementation can change under it. */
export type Switchable<T> = T & {
  /** From now on every call goes to `next`; calls already running finish where they started. */
  use(next: T): void;
  current(): T;
};

/**
 * Where money is recorded changes while the app runs (joining or leaving a team; the team's ledger
 * reopened once its server is back), but every module was handed its store once at start. They are
 * handed this instead: each method looks up the current store when called, each field when read.
 */
function switchable<T extends object>(
  initial: T,
  methods: readonly (keyof T)[],
  fields: readonly (keyof T)[],
) {
  let current = initial;
  const target = {
    use: (next: T) => {
      current = next;
    },
    current: () => current,
  } as Record<string | symbol, unknown>;
  for (const name of methods)
    target[name as string] = (...args: unknown[]) =>
      (current[name] as (...a: unknown[]) => unknown).apply(current, args);
  for (const name of fields)
    Object.defineProperty(target, name, { get: () => current[name], enumerable: true });
  return target as Switchable<T>;
}

const JOURNAL_METHODS = [
  ...JOURNAL_DATA_METHODS,
  'verifyChainGradually',
  'exportCsv',
  'close',
] as const satisfies readonly (keyof JournalStore)[];
const JOURNAL_FIELDS = [
  'deskId',
  'recovered',
  'chainProblem',
  'settledAtOpen',
  'reconciliation',
  'readOnly',
] as const satisfies readonly (keyof JournalStore)[];

// Compile-time check that the lists above name every member of the port: adding one to the port
// without adding it here fails the typecheck instead of failing at run time.
type Missing = Exclude<
  keyof JournalStore,
  (typeof JOURNAL_METHODS)[number] | (typeof JOURNAL_FIELDS)[number]
>;
const everyMember: [Missing] extends [never] ? true : Missing = true;
void everyMember;

export const switchableJournal = (initial: JournalStore) =>
  switchable(initial, JOURNAL_METHODS, JOURNAL_FIELDS);

const LOG_METHODS = [
  'hasSettled',
  'batch',
  'record',
  'parked',
  'markApplied',
  'markRefused',
  'list',
  'prune',
  'count',
  'close',
] as const satisfies readonly (keyof WebhookLog)[];
type MissingLog = Exclude<keyof WebhookLog, (typeof LOG_METHODS)[number]>;
const everyLogMember: [MissingLog] extends [never] ? true : MissingLog = true;
void everyLogMember;

export const switchableWebhookLog = (initial: WebhookLog) => switchable(initial, LOG_METHODS, []);

/** Answers held while the ledger could not record them: the team's are kept apart from the desk's own. */
export const switchablePending = (initial: PendingAnswers) =>
  switchable(initial, ['hold', 'flush', 'held'] as const satisfies readonly (keyof PendingAnswers)[], []);
