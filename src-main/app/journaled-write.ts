import type { ErrorInfo, WriteResult } from '@contract';
import type { WriteOptions, WriteOutcome } from '../api/client';
import type { ExternalIds, Operation, SettleInput } from '../journal';
import { toErrorInfo } from '../ipc/error-info';
import type { AppContext } from './context';
import type { Session } from './session';

export interface JournaledWrite<T> {
  operation: Operation;
  send: (session: Session, options: WriteOptions) => Promise<WriteOutcome<T>>;
  externalIds?: (data: T) => ExternalIds;
  invoiceCode?: string;
  override?: { reason: string };
}

const OUTCOME_TO_STATE = { ok: 'accepted', rejected: 'rejected', unknown: 'unknown' } as const;

class ProfileChangedError extends Error {
  readonly kind = 'profile-changed';
}

/**
 * The one path every money-moving write takes. It is bound to the session the person acted in: if
 * the active profile changes before sending, nothing is sent. The journal row is committed (state
 * `sending`) after the body is encoded and signed and before a byte leaves; the answer settles it.
 * Nothing here retries. If main dies between the two, the row is `sending` at start-up and becomes
 * unknown.
 */
export async function journaledWrite<T>(
  ctx: AppContext,
  session: Session,
  write: JournaledWrite<T>,
): Promise<WriteResult> {
  let journalId: number | undefined;
  const options: WriteOptions = {
    beforeSend: ({ requestBody }) => {
      if (ctx.session().profile.id !== session.profile.id) {
        throw new ProfileChangedError(
          `The active profile changed to "${ctx.session().profile.name}" while this was being prepared. Nothing was sent; check the profile and try again.`,
        );
      }
      journalId = ctx.journal.begin(write.operation, {
        profileId: session.profile.id,
        environment: session.profile.environment,
        // A card order without an e-mail has no body at all.
        requestBody: (requestBody ? JSON.parse(requestBody) : {}) as Record<string, unknown>,
        ...(write.invoiceCode ? { invoiceCode: write.invoiceCode } : {}),
        ...(write.override ? { override: write.override } : {}),
      });
    },
  };
  let outcome: WriteOutcome<T>;
  try {
    outcome = await write.send(session, options);
  } catch (error) {
    // Thrown before the row existed: nothing was sent. After it: we cannot know, so say unknown.
    if (journalId === undefined) throw error;
    const info = toErrorInfo(error);
    settleSafely(ctx, journalId, { outcome: 'unknown', error: info });
    return { journalId: String(journalId), outcome: 'unknown', error: info };
  }
  if (journalId === undefined) throw new Error('The write finished without being journaled.');
  const error: ErrorInfo | undefined = outcome.outcome === 'ok' ? undefined : toErrorInfo(outcome.error);
  const recorded = settleSafely(ctx, journalId, {
    outcome: OUTCOME_TO_STATE[outcome.outcome],
    ...(outcome.outcome === 'ok'
      ? { response: outcome.data, externalIds: write.externalIds?.(outcome.data) ?? {} }
      : { error }),
  });
  if (outcome.outcome === 'ok') ctx.connection.success();
  else if (error) ctx.connection.failure(error);
  const result: WriteResult = {
    journalId: String(journalId),
    outcome: recorded ? outcome.outcome : 'unknown',
    ...(outcome.outcome === 'ok' ? { data: outcome.data } : {}),
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

/**
 * Records the answer. If the journal refuses it (an id it cannot store, say), the entry becomes
 * unknown with the raw answer attached instead, so the service's reply is never lost. Returns
 * whether the answer was recorded as given.
 */
function settleSafely(ctx: AppContext, journalId: number, input: SettleInput): boolean {
  let recorded = true;
  try {
    ctx.journal.settle(journalId, input);
  } catch (error) {
    recorded = false;
    ctx.journal.settle(journalId, {
      outcome: 'unknown',
      response: input.response,
      error: {
        kind: 'journal',
        message: `The answer could not be recorded as given: ${toErrorInfo(error).message}`,
        answer: input.error,
      },
    });
  }
  ctx.emit('journal:changed', { id: String(journalId) });
  // Webhooks that arrived before this answer (and were parked) may now have an entry to apply to.
  ctx.webhooks.replayParked();
  return recorded;
}
