import { createHash, randomUUID } from 'node:crypto';
import type { WebhookDelivery } from '@shared/domain/webhooks';
import { verifyWebhook } from '../protocol/signing';
import { id, idsOf, invoiceRef, mismatchDetail, obj, str } from './webhook-facts';
import { importJsonl, type ImportOptions } from './webhook-import';
import type { IncomingDelivery, IngestOptions, WebhookTarget } from './webhook-delivery';
import type { DeliveryMeta, DeliveryStatus, WebhookLog } from '../storage/port/webhook-log';

/** Where verified events land: the journal settles withdrawals and updates invoices, per profile. */
export interface WebhookSink {
  /** Returns the journal entry id the event was applied to, or null when no entry matches. */
  applyWithdrawalEvent(
    profileId: string,
    withdrawalId: string,
    event: string,
    payload: unknown,
  ): Promise<string | null>;
  applyInvoiceEvent(
    profileId: string,
    ref: { id?: string; code?: string; orderId?: string },
    event: string,
    payload: unknown,
  ): Promise<string | null>;
}

/** A verified event that changed a journal entry (a duplicate never counts). */
export interface AppliedEvent {
  profileId: string;
  event: string;
  entryId: string;
  payload: Record<string, unknown>;
}

/** A verified delivery seen for the first time: `parked` when it is about the journal but matched no entry. */
export interface VerifiedEvent {
  profileId: string;
  event: string;
  payload: Record<string, unknown>;
  receivedAt: string;
  appliedTo: string | null;
  parked: boolean;
  dedupeKey: string;
  /** Part of an import (old news): nobody is told of it. */
  quiet: boolean;
}

export interface WebhookIntakeOptions {
  log: WebhookLog;
  sink: WebhookSink;
  /** The active profile and its key, for pasted and imported deliveries. */
  activeTarget: () => Promise<WebhookTarget>;
  /**
   * A profile's key as it is now (null when the profile or its key is gone): a parked delivery is
   * verified again with it before it is applied, since a row in the log proves nothing by itself.
   */
  targetFor: (profileId: string) => Promise<WebhookTarget | null>;
  /** Says what was refused (a parked delivery that no longer verifies); the log line, in the app. */
  warn?: (line: string) => void;
  onDelivery?: (delivery: WebhookDelivery) => void;
  /** Each event that reached the journal, also when a parked one is applied later. */
  onApplied?: (applied: AppliedEvent) => void | Promise<void>;
  /** Each verified, first-seen event with its body (imports included), whatever it changed. */
  onVerified?: (verified: VerifiedEvent) => void | Promise<void>;
  now?: () => Date;
}

const PRUNE_EVERY = 200;

/** A verified body that is not a JSON object holds no event: it has nothing to apply. */
function parseObject(rawBody: string): Record<string, unknown> {
  try {
    return obj(JSON.parse(rawBody));
  } catch {
    return {};
  }
}

type Applied = { appliedTo: string | null; status: DeliveryStatus; note: string | null };

export function createWebhookIntake(options: WebhookIntakeOptions) {
  const now = options.now ?? (() => new Date());
  let sincePrune = 0;
  // One delivery at a time, as when the journal answered synchronously: between the duplicate check
  // and the record, another copy of the same event must not slip in and be applied as new.
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => {});
    return run;
  };

  async function finish(
    delivery: Omit<WebhookDelivery, 'id' | 'receivedAt' | 'profileId'>,
    meta: DeliveryMeta,
    how: IngestOptions,
  ): Promise<WebhookDelivery> {
    const full: WebhookDelivery = {
      id: randomUUID(),
      receivedAt: now().toISOString(),
      profileId: meta.profileId,
      ...delivery,
    };
    if (full.verified || how.keepRejected !== false) {
      await options.log.record(full, meta);
      // The retention limits, applied now and then rather than on every row.
      if (++sincePrune >= PRUNE_EVERY) {
        sincePrune = 0;
        await options.log.prune();
      }
    }
    if (!how.quiet && (full.verified || how.keepRejected !== false)) options.onDelivery?.(full);
    return full;
  }

  async function apply(profileId: string, event: string, payload: Record<string, unknown>): Promise<Applied> {
    const data = obj(payload.data);
    const parked = (note: string): Applied => ({ appliedTo: null, status: 'parked', note });
    if (event.startsWith('withdrawal.')) {
      const withdrawalId = id(data.withdrawal_id);
      if (!withdrawalId)
        return {
          appliedTo: null,
          status: 'recorded',
          note: 'No withdrawal_id in the event; nothing was changed.',
        };
      const appliedTo = await options.sink.applyWithdrawalEvent(profileId, withdrawalId, event, payload);
      return appliedTo
        ? { appliedTo, status: 'applied', note: null }
        : parked(`No journal entry for withdrawal ${withdrawalId} yet: kept, and applied when one appears.`);
    }
    if (event.startsWith('invoice.') || event === 'aml.rejected.invoice') {
      const appliedTo = await options.sink.applyInvoiceEvent(profileId, invoiceRef(payload), event, payload);
      return appliedTo
        ? { appliedTo, status: 'applied', note: null }
        : parked('No journal entry for this invoice yet: kept, and applied when one appears.');
    }
    return { appliedTo: null, status: 'recorded', note: 'Recorded; this event does not change the journal.' };
  }

  /**
   * The de-duplication key comes from the signed body, never from the unsigned X-Idempotency-Key
   * header: a header cannot be allowed to make a genuine event look like a duplicate.
   */
  function dedupeKeyOf(event: string | null, payload: Record<string, unknown>, rawBody: string): string {
    const withdrawalId = id(obj(payload.data).withdrawal_id);
    if (event?.startsWith('withdrawal.') && withdrawalId) return `withdrawal:${withdrawalId}:${event}`;
    return `sha256:${createHash('sha256').update(rawBody).digest('hex')}`;
  }

  /** Verify first, parse second, apply once. An import runs it inside one of its log's transactions. */
  function ingestFor(target: WebhookTarget, incoming: IncomingDelivery, how: IngestOptions = {}) {
    return oneAtATime(() => ingestNow(target, incoming, how));
  }

  async function ingestNow(target: WebhookTarget, incoming: IncomingDelivery, how: IngestOptions) {
    const { profileId, apiKey } = target;
    const base = { source: incoming.source, duplicate: false, event: null, appliedTo: null };
    const rejected = { dedupeKey: null, status: 'rejected' as const, profileId, rawBody: null };
    if (!verifyWebhook(incoming.rawBody, incoming.signature, apiKey)) {
      // The re-encoding diagnosis helps someone who pasted or imported a logged body; for the receiver
      // it would only let anyone on the machine buy a parse and a re-encode per post (issue 26).
      if (incoming.source === 'receiver') {
        const note = "Signature did not match this profile's API key: not applied.";
        const refused = { ...base, verified: false, rejection: 'signature-mismatch' as const, note };
        return await finish(refused, rejected, how);
      }
      const detail = mismatchDetail(incoming.rawBody, incoming.signature, apiKey);
      const note = detail.matchesReencoded
        ? 'Signature did not match these bytes; it matches them as the service encodes JSON (with \\/ for /). The body was re-encoded after it was signed: use the exact bytes received. Not applied.'
        : "Signature did not match this profile's API key: not applied.";
      return await finish(
        { ...base, verified: false, rejection: 'signature-mismatch', mismatch: detail, note },
        rejected,
        how,
      );
    }
    let payload: Record<string, unknown>;
    try {
      payload = obj(JSON.parse(incoming.rawBody));
    } catch {
      const note = 'Signed, but the body is not JSON: not applied.';
      return await finish({ ...base, verified: true, rejection: 'not-json', note }, rejected, how);
    }
    const event = str(payload.event) ?? str(payload.type) ?? null;
    const ids = idsOf(payload);
    const dedupeKey = dedupeKeyOf(event, payload, incoming.rawBody);
    if (await options.log.hasSettled(dedupeKey)) {
      const meta = { dedupeKey, status: 'recorded' as const, profileId, rawBody: null };
      const note = 'Already applied earlier: ignored.';
      const seen = { ...base, event, ids, verified: true, duplicate: true, rejection: 'duplicate' as const };
      return await finish({ ...seen, note }, meta, how);
    }
    const result: Applied = event
      ? await apply(profileId, event, payload)
      : { appliedTo: null, status: 'recorded', note: 'No event name in the body.' };
    const meta = {
      dedupeKey,
      status: result.status,
      profileId,
      rawBody: incoming.rawBody,
      signature: incoming.signature ?? null,
    };
    const delivery = { ...base, event, ids, verified: true, rejection: null, ...result };
    const done = await finish({ ...delivery, appliedTo: result.appliedTo, note: result.note }, meta, how);
    if (event)
      await options.onVerified?.({
        profileId,
        event,
        payload,
        receivedAt: done.receivedAt,
        appliedTo: result.appliedTo,
        parked: result.status === 'parked',
        dedupeKey,
        quiet: !!how.quiet,
      });
    if (result.status === 'applied' && event && result.appliedTo && !how.quiet)
      await options.onApplied?.({ profileId, event, entryId: result.appliedTo, payload });
    return done;
  }

  /** A delivery for the given merchant, or for the active profile (pasted). Never throws for a bad delivery. */
  async function ingest(
    incoming: IncomingDelivery,
    target?: WebhookTarget,
    how?: IngestOptions,
  ): Promise<WebhookDelivery> {
    return ingestFor(target ?? (await options.activeTarget()), incoming, how);
  }

  /** Tries parked deliveries again: call it whenever journal entries change. Returns how many applied. */
  function replayParked(): Promise<number> {
    return oneAtATime(replayNow);
  }

  /**
   * A parked row is verified again with its profile's current key before it is applied: anyone who
   * can write webhooks.sqlite could otherwise add a "withdrawal.failed" for a payout that completed,
   * and the duplicate guard would then let it be sent again (issue 26 item 4). One that does not
   * verify is marked rejected and said so; one whose key is not at hand now waits, unapplied.
   */
  async function replayNow(): Promise<number> {
    let count = 0;
    for (const parked of await options.log.parked()) {
      const target = await options.targetFor(parked.profileId).catch(() => null);
      if (!target) continue;
      if (!verifyWebhook(parked.rawBody, parked.signature, target.apiKey)) {
        const note =
          parked.signature === null
            ? 'Parked without its signature (kept only since issue 26), so it cannot be verified again: not applied. Import it again from the server’s log to apply it.'
            : "Parked, but it does not verify with this profile's current key (the key was replaced, or this desk did not write the row): not applied.";
        await options.log.markRefused(parked.id, note);
        options.warn?.(
          `webhooks: parked delivery ${parked.id} (${parked.profileId}) refused at replay: ${note}`,
        );
        continue;
      }
      const payload = parseObject(parked.rawBody);
      const event = str(payload.event) ?? str(payload.type);
      if (!event) continue;
      const result = await apply(parked.profileId, event, payload);
      if (result.appliedTo) {
        await options.log.markApplied(parked.id, result.appliedTo);
        await options.onApplied?.({ profileId: parked.profileId, event, entryId: result.appliedTo, payload });
        count++;
      }
    }
    return count;
  }

  return {
    ingest,
    importJsonl: async (content: string, importOptions?: ImportOptions) =>
      importJsonl(content, await options.activeTarget(), { log: options.log, ingestFor }, importOptions),
    replayParked,
    /** The newest deliveries of one profile (each merchant's deliveries are its own). */
    list: (profileId: string, limit?: number) => options.log.list(profileId, limit),
  };
}
export type WebhookIntake = ReturnType<typeof createWebhookIntake>;
