import {
  DuplicateWithdrawalError,
  IllegalTransitionError,
  JournalError,
  NotRecordedError,
  type DuplicateMatch,
  type JournalFailure,
} from '../port/errors';
import type { HeldAnswer } from '../port/journal-store';
import type { ChainAnchor } from '../chain-seal';

/** What the worker is opened with: nothing in it is a function, everything crosses by copy. */
export interface WorkerOpen {
  file: string;
  deskId: string;
  heldAnswers: readonly HeldAnswer[];
  /** The keychain's seal: the key bytes and last anchor (the keychain itself stays in main). */
  chain: { key: Uint8Array; anchor: ChainAnchor | null; keyCreated: boolean; freshStart: boolean } | null;
}

/** The journal's parts that are stores of their own (served as `facts.recordMovement` and so on). */
export type JournalPart = 'facts' | 'sessions' | 'addressBook';

/** Main → worker: a call of one method of the journal (or of its CSV snapshots). */
export interface Call {
  id: number;
  method: string;
  args: unknown[];
}

/** Worker → main: an answer to a call, or news main acts on (a new chain head, a tidying failure). */
export type WorkerMessage =
  | {
      type: 'ready';
      report: {
        deskId: string;
        recovered: number[];
        chainProblem: string | null;
        settledAtOpen: number[];
        readOnly: string | null;
      };
      /**
       * The methods the worker serves of each part of the journal, by name: main's client forwards
       * each as a call of `part.name`, so the worker alone says what there is to call.
       */
      parts: Record<JournalPart, string[]>;
    }
  | { type: 'open-failed'; error: WireError }
  | { type: 'reply'; id: number; value: unknown }
  | { type: 'fail'; id: number; error: WireError }
  | { type: 'anchor'; anchor: ChainAnchor }
  | { type: 'idle-error'; error: WireError };

/** An error as it crosses the boundary: its class, kind and the fields callers read. */
export interface WireError {
  name: string;
  message: string;
  kind?: string;
  code?: string;
  stack?: string;
  entryId?: number;
  from?: string;
  action?: string;
  matches?: DuplicateMatch[];
}

export function toWire(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const e = error as Error & Partial<WireError> & { cause?: { code?: unknown } };
  const code =
    typeof e.code === 'string' ? e.code : typeof e.cause?.code === 'string' ? e.cause.code : undefined;
  return {
    name: e.name,
    message: e.message,
    ...(e.stack ? { stack: e.stack } : {}),
    ...(typeof e.kind === 'string' ? { kind: e.kind } : {}),
    ...(code ? { code } : {}),
    ...(typeof e.entryId === 'number' ? { entryId: e.entryId } : {}),
    ...(typeof e.from === 'string' ? { from: e.from, action: e.action } : {}),
    ...(Array.isArray(e.matches) ? { matches: e.matches } : {}),
  };
}

const FAILURE_OF_KIND: Record<string, JournalFailure> = {
  'journal-invalid': 'invalid',
  'journal-not-found': 'not-found',
  'journal-illegal-transition': 'illegal-transition',
  'duplicate-withdrawal': 'duplicate-withdrawal',
  'journal-conflict': 'conflict',
  'journal-locked': 'locked',
  'journal-newer-schema': 'newer-schema',
  'journal-write-failed': 'not-recorded',
};

/** The same class again on this side, so `instanceof` and `kind` keep telling failures apart. */
export function fromWire(wire: WireError): Error {
  let error: Error;
  if (wire.name === 'NotRecordedError') error = new NotRecordedError(wire.entryId ?? 0, { code: wire.code });
  else if (wire.name === 'DuplicateWithdrawalError') error = new DuplicateWithdrawalError(wire.matches ?? []);
  else if (wire.name === 'IllegalTransitionError')
    error = new IllegalTransitionError(wire.entryId ?? 0, wire.from ?? '', wire.action ?? '');
  else if (wire.kind && FAILURE_OF_KIND[wire.kind])
    error = new JournalError(FAILURE_OF_KIND[wire.kind]!, wire.message);
  else {
    error = new Error(wire.message);
    error.name = wire.name;
  }
  error.message = wire.message;
  if (wire.code) (error as Error & { code?: string }).code = wire.code;
  if (wire.stack)
    error.stack = `${error.name}: ${wire.message}\n    (in the storage worker)\n${wire.stack.split('\n').slice(1).join('\n')}`;
  return error;
}
