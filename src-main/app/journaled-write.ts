import type { ErrorInfo, WriteResult } from '@contract';
import { AppError } from '@shared/errors';
import type { WriteOptions, WriteOutcome } from '../api/client';
import type { ExternalIds, JournalStore, Operation, SettleInput } from '../storage/port';
import { NotRecordedError } from '../storage/port/errors';
import { toErrorInfo } from '@shared/error-info';
import type { Emit } from './events';
import type { ProfileScope } from './profile-scope';
import type { PendingAnswers } from './pending-answers';
import type { Session } from './session';

interface JournaledWrite<T> {
  operation: Operation;
  send: (session: Session, options: WriteOptions) => Promise<WriteOutcome<T>>;
  externalIds?: (data: T) => ExternalIds;
  invoiceCode?: string;
  override?: { reason: string };
}

export interface JournaledWriteDeps {
  journal: Pick<JournalStore, 'begin' | 'settle'>;
  emit: Emit<'journal:changed'>;
  /** Webhooks that arrived before an answer (and were parked) may now have an entry to apply to. */
  replayParked: () => Promise<unknown>;
  /** Answers the journal could not record (full disk): kept and recorded when the disk allows. */
  pending: PendingAnswers;
  /**
   * Test seam for the crash drills (test/unit/crash): called at each step of a write so a child
   * process can stop there and be killed. Production passes nothing; it must not throw.
   */
  checkpoint?: (step: WriteStep) => void;
}

/** The steps of a write a crash drill can stop at (the others are the network's, see the drills). */
export type WriteStep = 'before-intent' | 'intent-committed' | 'answer-received';

/** The part of a profile scope a write is bound to. */
export type WriteScope = Pick<ProfileScope, 'session' | 'signal' | 'connection'>;

export type JournaledWriter = <T>(scope: WriteScope, write: JournaledWrite<T>) => Promise<WriteResult>;

const isRequestRefusal = (error: ErrorInfo) =>
  error.httpStatus === 404 ||
  error.httpStatus === 409 ||
  error.httpStatus === 422 ||
  // The card provider's failure, reported by the service itself (a ProviderCardError, even on 502).
  error.kind === 'provider-card';

const OUTCOME_TO_STATE = { ok: 'accepted', rejected: 'rejected', unknown: 'unknown' } as const;

/**
 * The one path every money-moving write takes. It is bound to the profile scope the person acted in:
 * if that scope ended before sending (another profile was activated, or this one's settings or key
 * changed), nothing is sent. The journal row is committed (state `sending`) after the body is encoded
 * and signed and before a byte leaves; the answer settles it, even when it arrives after the scope
 * ended, because a service answer is never dropped. Nothing here retries. If main dies between the
 * two, the row is `sending` at start-up and becomes unknown.
 */
export function createJournaledWriter(deps: JournaledWriteDeps): JournaledWriter {
  return async function journaledWrite<T>(scope: WriteScope, write: JournaledWrite<T>) {
    const { session } = scope;
    await recordHeldAnswers(deps);
    let journalId: number | undefined;
    const options: WriteOptions = {
      beforeSend: async ({ requestBody }) => {
        if (scope.signal.aborted) {
          throw new AppError(
            'profile-changed',
            'The active profile or its settings changed while this was being prepared. Nothing was sent; check the profile and try again.',
          );
        }
        deps.checkpoint?.('before-intent');
        journalId = await deps.journal.begin(write.operation, {
          profileId: session.profile.id,
          environment: session.profile.environment,
          // A card order without an e-mail has no body at all.
          requestBody: (requestBody ? JSON.parse(requestBody) : {}) as Record<string, unknown>,
          ...(write.invoiceCode ? { invoiceCode: write.invoiceCode } : {}),
          ...(write.override ? { override: write.override } : {}),
        });
        deps.checkpoint?.('intent-committed');
      },
    };
    let outcome: WriteOutcome<T>;
    try {
      outcome = await write.send(session, options);
    } catch (error) {
      // Thrown before the row existed: nothing was sent. After it: we cannot know, so say unknown.
      if (journalId === undefined) throw error;
      const info = toErrorInfo(error);
      await settleSafely(deps, journalId, { outcome: 'unknown', error: info });
      return { journalId: String(journalId), outcome: 'unknown', error: info };
    }
    if (journalId === undefined) throw new Error('The write finished without being journaled.');
    deps.checkpoint?.('answer-received');
    const error: ErrorInfo | undefined = outcome.outcome === 'ok' ? undefined : toErrorInfo(outcome.error);
    const externalIds = outcome.outcome === 'ok' ? (write.externalIds?.(outcome.data) ?? {}) : {};
    const recorded = await settleSafely(deps, journalId, {
      outcome: OUTCOME_TO_STATE[outcome.outcome],
      // The answer as received is what is kept; the ids come from the part that could be read.
      ...(outcome.outcome === 'ok'
        ? {
            response: outcome.raw,
            externalIds,
            ...(outcome.warnings.length > 0 ? { warnings: outcome.warnings } : {}),
          }
        : { error }),
    });
    // A refusal of this request itself (a repeated order id, a validation error) is the service
    // answering as itself: it says nothing against the connection, so it must not show "degraded".
    if (outcome.outcome === 'ok' || (error && isRequestRefusal(error))) scope.connection.success('account');
    else if (error) scope.connection.failure(error, 'account');
    if (typeof recorded === 'object') {
      // The service's answer stands; only our record of it is late. Say both.
      const note = notRecordedNote(outcome.outcome, externalIds, recorded);
      return {
        journalId: String(journalId),
        outcome: outcome.outcome,
        ...(outcome.outcome === 'ok'
          ? { data: outcome.data, warnings: [...outcome.warnings, note] }
          : { error: { ...error!, message: `${error!.message} ${note}` } }),
      };
    }
    const result: WriteResult = {
      journalId: String(journalId),
      outcome: recorded ? outcome.outcome : 'unknown',
      ...(outcome.outcome === 'ok' ? { data: outcome.data, warnings: outcome.warnings } : {}),
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
  };
}

const OUTCOME_WORDS = { ok: 'accepted', rejected: 'refused', unknown: 'sent without a readable answer' };

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
      return { reason: error.message, sideFile: deps.pending.hold({ journalId, input }) };
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
  deps.emit('journal:changed', { id: String(journalId) });
  await deps.replayParked();
  return recorded;
}

/**
 * Records the answers held while the disk was full, if it now allows; run before each write, before
 * each webhook is applied (so its entry carries the id it names) and on a timer.
 */
export async function recordHeldAnswers(deps: JournaledWriteDeps): Promise<void> {
  const recorded = await deps.pending.flush();
  for (const id of recorded) deps.emit('journal:changed', { id: String(id) });
  if (recorded.length > 0) await deps.replayParked();
}
