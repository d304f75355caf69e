import type { ErrorInfo, WriteResult } from '../../src-preload/contract';
import type { WriteOptions, WriteOutcome } from '../api/client';
import type { ExternalIds, Operation } from '../journal';
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

/**
 * The one path every money-moving write takes: the journal row is committed (state `sending`) after
 * the body is encoded and signed and before a byte leaves; the answer settles it. Nothing here
 * retries. If main dies between the two, the row is found `sending` at start-up and becomes unknown.
 */
export async function journaledWrite<T>(ctx: AppContext, write: JournaledWrite<T>): Promise<WriteResult> {
  const session = ctx.session();
  let journalId: number | undefined;
  const options: WriteOptions = {
    beforeSend: ({ requestBody }) => {
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
    ctx.journal.settle(journalId, { outcome: 'unknown', error: info });
    ctx.emit('journal:changed', { id: String(journalId) });
    return { journalId: String(journalId), outcome: 'unknown', error: info };
  }
  if (journalId === undefined) throw new Error('The write finished without being journaled.');
  const error: ErrorInfo | undefined = outcome.outcome === 'ok' ? undefined : toErrorInfo(outcome.error);
  ctx.journal.settle(journalId, {
    outcome: OUTCOME_TO_STATE[outcome.outcome],
    ...(outcome.outcome === 'ok'
      ? { response: outcome.data, externalIds: write.externalIds?.(outcome.data) ?? {} }
      : { error }),
  });
  ctx.emit('journal:changed', { id: String(journalId) });
  if (outcome.outcome === 'ok') ctx.connection.success();
  else if (error) ctx.connection.failure(error);
  return {
    journalId: String(journalId),
    outcome: outcome.outcome,
    ...(outcome.outcome === 'ok' ? { data: outcome.data } : {}),
    ...(error ? { error } : {}),
  };
}
