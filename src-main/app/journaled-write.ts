import type { ErrorInfo, WriteResult } from '@contract';
import { AppError } from '@shared/errors';
import type { WriteAnswers, WriteOutcome, WriteRequest } from '../api/client';
import type { ExternalIds, JournalStore, Operation, SettleInput } from '../storage/port';
import { NotRecordedError } from '../storage/port/errors';
import { toErrorInfo } from '@shared/error-info';
import type { EntryChanged } from './entry-changes';
import type { ProfileScope } from './profile-scope';
import type { PendingAnswers } from './pending-answers';

/** One money-moving write: the request (already checked at the IPC boundary) and how to file it. */
export interface MoneyWrite<R extends WriteRequest> {
  request: R;
  externalIds?: (data: WriteAnswers[R['operation']]) => ExternalIds;
  invoiceCode?: string;
  override?: { reason: string };
  /**
   * Sends an entry the ledger already holds (an approved withdrawal, issue 28) instead of recording a
   * new one: `take` claims it for this desk, committed before a byte is sent, in place of begin.
   */
  claim?: { journalId: number; take: () => Promise<void> };
}

export interface JournaledWriteDeps {
  journal: Pick<JournalStore, 'begin' | 'settle'>;
  /** Announces a recorded change (only the active profile's reach the window). */
  entryChanged: EntryChanged;
  /** Webhooks that arrived before an answer (and were parked) may now have an entry to apply to. */
  replayParked: () => Promise<unknown>;
  /** Answers the journal could not record (full disk): kept and recorded when the disk allows. */
  pending: PendingAnswers;
  /**
   * Test seam for the crash drills (test/unit/crash): called at each step of a write so a child
   * process can stop there and be killed. Production passes nothing; it must not throw.
   */
  checkpoint?: (step: WriteStep) => void;
  /** Records the rate an accepted answer's movement is worth (books/movement-valuer.ts); never throws. */
  valueMovement?: (journalId: number, movement: 'settle') => Promise<void>;
}

/** The steps of a write a crash drill can stop at (the others are the network's, see the drills). */
export type WriteStep = 'before-intent' | 'intent-committed' | 'answer-received';

/** The part of a profile scope a write is bound to. */
export type WriteScope = Pick<ProfileScope, 'session' | 'signal' | 'connection'>;

export type JournaledWriter = <R extends WriteRequest>(
  scope: WriteScope,
  write: MoneyWrite<R>,
) => Promise<WriteResult>;

const isRequestRefusal = (error: ErrorInfo) =>
  error.httpStatus === 404 ||
  error.httpStatus === 409 ||
  error.httpStatus === 422 ||
  // The card provider's failure, reported by the service itself (a ProviderCardError, even on 502).
  error.kind === 'provider-card';

function refuseIfEnded(scope: WriteScope): void {
  if (!scope.signal.aborted) return;
  throw new AppError(
    'profile-changed',
    'The active profile or its settings changed while this was being prepared. Nothing was sent; check the profile and try again.',
  );
}

/**
 * The one path every money-moving write takes, straight down: the profile scope is still live →
 * the client prepares the request (its body encoded and signed once) → the journal commits the
 * intent (state `sending`; for an entry the ledger already holds, the claim of it) → the client sends exactly those bytes, once → the journal settles the
 * answer. Nothing below calls back up. If the scope ended before the intent was committed (another
 * profile was activated, or this one's settings or key changed), nothing is sent. The answer settles
 * the row even when it arrives after the scope ended, because a service answer is never dropped.
 * Nothing here retries. If main dies between begin and settle, the row is `sending` at start-up and
 * becomes unknown.
 */
export function createJournaledWriter(deps: JournaledWriteDeps): JournaledWriter {
  return async function journaledWrite<R extends WriteRequest>(scope: WriteScope, write: MoneyWrite<R>) {
    const { session } = scope;
    await recordHeldAnswers(deps);
    refuseIfEnded(scope);
    // Throws for a body that cannot be encoded or a missing key: nothing recorded, nothing sent.
    const prepared = await session.client.prepare(write.request);
    // Reading the key from the keychain takes time: the scope may have ended meanwhile.
    refuseIfEnded(scope);
    deps.checkpoint?.('before-intent');
    const operation: Operation = write.request.operation;
    const journalId = write.claim
      ? await claimed(write.claim)
      : await deps.journal.begin(operation, {
          profileId: session.profile.id,
          environment: session.profile.environment,
          requestBody: { ...prepared.record },
          ...(write.invoiceCode ? { invoiceCode: write.invoiceCode } : {}),
          ...(write.override ? { override: write.override } : {}),
        });
    deps.checkpoint?.('intent-committed');
    let outcome: WriteOutcome<WriteAnswers[R['operation']]>;
    try {
      outcome = await session.client.send(prepared);
    } catch (error) {
      // send classifies every answer; a throw here is a bug below it, and the request may have left.
      const info = toErrorInfo(error);
      await settleSafely(deps, journalId, { outcome: 'unknown', error: info });
      return { journalId: String(journalId), outcome: 'unknown', error: info };
    }
    deps.checkpoint?.('answer-received');
    return settleAnswer(deps, scope, write, journalId, outcome);
  };
}

/** The claim variant of begin: the entry exists; once `take` returns, it is this desk's to send. */
async function claimed(claim: NonNullable<MoneyWrite<WriteRequest>['claim']>): Promise<number> {
  await claim.take();
  return claim.journalId;
}

async function settleAnswer<R extends WriteRequest>(
  deps: JournaledWriteDeps,
  scope: WriteScope,
  write: MoneyWrite<R>,
  journalId: number,
  outcome: WriteOutcome<WriteAnswers[R['operation']]>,
): Promise<WriteResult> {
  const accepted = outcome.outcome === 'accepted' ? outcome : undefined;
  const error: ErrorInfo | undefined =
    outcome.outcome === 'accepted' ? undefined : toErrorInfo(outcome.error);
  const reason = outcome.outcome === 'rejected' ? outcome.reason : undefined;
  const externalIds = accepted ? (write.externalIds?.(accepted.data) ?? {}) : {};
  const recorded = await settleSafely(deps, journalId, {
    outcome: outcome.outcome,
    // The answer as received is what is kept; the ids come from the part that could be read.
    ...(accepted
      ? {
          response: accepted.raw,
          externalIds,
          ...(accepted.warnings.length > 0 ? { warnings: accepted.warnings } : {}),
        }
      : { error }),
  });
  // A refusal of this request itself (a repeated order id, a validation error) is the service
  // answering as itself: it says nothing against the connection, so it must not show "degraded".
  if (accepted && recorded === true) await deps.valueMovement?.(journalId, 'settle');
  if (accepted || (error && isRequestRefusal(error))) scope.connection.success('account');
  else if (error) scope.connection.failure(error, 'account');
  const named = reason ? { reason } : {};
  if (typeof recorded === 'object') {
    // The service's answer stands; only our record of it is late. Say both.
    const note = notRecordedNote(outcome.outcome, externalIds, recorded);
    return {
      journalId: String(journalId),
      outcome: outcome.outcome,
      ...named,
      ...(accepted
        ? { data: accepted.data, warnings: [...accepted.warnings, note] }
        : { error: { ...error!, message: `${error!.message} ${note}` } }),
    };
  }
  const result: WriteResult = {
    journalId: String(journalId),
    outcome: recorded ? outcome.outcome : 'unknown',
    ...(recorded ? named : {}),
    ...(accepted ? { data: accepted.data, warnings: accepted.warnings } : {}),
    ...(error ? { error } : {}),
  };
  if (!recorded && !error) {
    result.error = {
      kind: 'journal-write-failed',
      message:
        'The service answered, but the answer could not be recorded as it is; the entry is marked unknown with the answer attached. Check it in the Journal.',
    };
  }
  return result;
}

const OUTCOME_WORDS = {
  accepted: 'accepted',
  rejected: 'refused',
  unknown: 'sent without a readable answer',
};

interface Held {
  reason: string;
  sideFile: boolean;
}

function notRecordedNote(outcome: keyof typeof OUTCOME_WORDS, ids: ExternalIds, held: Held): string {
  const named = Object.values(ids).filter(Boolean).join(', ');
  const as = named ? ` as ${named}` : '';
  const kept = held.sideFile
    ? 'The answer is kept beside the journal until then.'
    : 'The answer is kept in memory only until then: do not quit the desk.';
  return `The service ${OUTCOME_WORDS[outcome]} this${as}, but this desk could not record it: ${held.reason}. ${kept}`;
}

/**
 * Records the answer. If the disk is full, the answer is held (memory and side file) and recorded
 * later. If the journal refuses it otherwise (an id it cannot store, say), the entry becomes unknown
 * with the raw answer attached instead, so the service's reply is never lost. Returns whether the
 * answer was recorded as given, or the NotRecordedError when it is held for later.
 */
async function settleSafely(
  deps: JournaledWriteDeps,
  journalId: number,
  input: SettleInput,
): Promise<boolean | Held> {
  let recorded = true;
  try {
    await deps.journal.settle(journalId, input);
  } catch (error) {
    if (error instanceof NotRecordedError)
      return { reason: error.message, sideFile: await deps.pending.hold({ journalId, input }) };
    recorded = false;
    await deps.journal.settle(journalId, {
      outcome: 'unknown',
      response: input.response,
      error: {
        kind: 'journal-write-failed',
        message: `The answer could not be recorded as given: ${toErrorInfo(error).message}`,
        answer: input.error,
        ...(input.warnings?.length ? { warnings: input.warnings } : {}),
      },
    });
  }
  await deps.entryChanged(journalId);
  await deps.replayParked();
  return recorded;
}

/**
 * Records the answers held while the disk was full, if it now allows; run before each write, before
 * each webhook is applied (so its entry carries the id it names) and on a timer.
 */
export async function recordHeldAnswers(deps: JournaledWriteDeps): Promise<void> {
  const recorded = await deps.pending.flush();
  for (const id of recorded) await deps.entryChanged(id);
  if (recorded.length > 0) await deps.replayParked();
}

/** How often answers held during a full disk are tried again (also before each write and webhook). */
const HELD_ANSWER_RETRY_MS = 30_000;

/** Tries the held answers again on a timer; returns what stops it. */
export function retryHeldAnswers(deps: JournaledWriteDeps, failed: (error: unknown) => void): () => void {
  const timer = setInterval(() => void recordHeldAnswers(deps).catch(failed), HELD_ANSWER_RETRY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
