import { signWebhookBody } from '../protocol/signing';
import { iso } from './clock';
import type { SandboxContext, WebhookRequest } from './context';
import { encodeBody } from './http-util';
import { newId } from './state';
import type { DeliveryRecord } from './types';

/** Clock-time delays before attempts 2..6; after the sixth failure the delivery is given up. */
export const RETRY_BACKOFF_MS = [10_000, 30_000, 120_000, 600_000, 1_800_000];
const ATTEMPT_TIMEOUT_MS = 10_000;
export const TEST_EVENT = 'test.webhook';

export interface WebhookDispatcher {
  enqueue(request: WebhookRequest): DeliveryRecord[];
  /** Starts every attempt that is due; attempts run in the background. */
  pump(): void;
  /** Resolves once no attempt is in flight (tests await this before asserting). */
  flush(): Promise<void>;
  /** No new attempts after this (the sandbox is closing). */
  stop(): void;
}

export function createDispatcher(getCtx: () => SandboxContext, fetchImpl: typeof fetch): WebhookDispatcher {
  const inFlight = new Map<string, Promise<void>>();
  let stopped = false;

  async function attempt(ctx: SandboxContext, record: DeliveryRecord): Promise<void> {
    const merchant = ctx.state.merchants[record.merchantId];
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      'User-Agent': 'merchant-sandbox-webhooks/1',
      'X-Signature': signWebhookBody(record.body, merchant?.apiKey ?? ''),
    };
    if (record.idempotencyKey) headers['X-Idempotency-Key'] = record.idempotencyKey;
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetchImpl(record.url ?? '', {
        method: 'POST',
        headers,
        body: record.body,
        signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
    }
    const now = ctx.clock.now();
    record.attempts.push({ at: now, status, error });
    if (status !== null && status >= 200 && status < 300) {
      record.state = 'delivered';
      record.nextAttemptAt = null;
    } else {
      const delay = RETRY_BACKOFF_MS[record.attempts.length - 1];
      record.state = delay === undefined ? 'failed' : 'pending';
      record.nextAttemptAt = delay === undefined ? null : now + delay;
    }
    ctx.save();
  }

  function pump(): void {
    if (stopped) return;
    const ctx = getCtx();
    const now = ctx.clock.now();
    for (const record of ctx.state.deliveries) {
      if (record.state !== 'pending' || record.nextAttemptAt === null || record.nextAttemptAt > now) continue;
      if (inFlight.has(record.id)) continue;
      const run = attempt(ctx, record).finally(() => inFlight.delete(record.id));
      inFlight.set(record.id, run);
    }
  }

  function enqueue(request: WebhookRequest): DeliveryRecord[] {
    const ctx = getCtx();
    const merchant = ctx.state.merchants[request.merchantId];
    const url = request.url ?? merchant?.callbackUrl ?? null;
    const now = ctx.clock.now();
    const eventId = newId(ctx.state, ctx.rng, 'evt');
    const body = encodeBody({
      event: request.event,
      event_id: eventId,
      created_at: iso(now),
      data: request.data,
    });
    const make = (duplicateOf: string | null): DeliveryRecord => ({
      id: newId(ctx.state, ctx.rng, 'dlv'),
      merchantId: request.merchantId,
      event: request.event,
      url,
      body,
      idempotencyKey: request.idempotencyKey ?? null,
      // No callback URL configured: recorded so the log explains why nothing arrived.
      state: url ? 'pending' : 'skipped',
      attempts: [],
      nextAttemptAt: url ? now : null,
      duplicateOf,
    });
    const first = make(null);
    const records = [first];
    if (url && ctx.state.settings.duplicateWebhooks) records.push(make(first.id));
    ctx.state.deliveries.push(...records);
    setImmediate(pump);
    return records;
  }

  async function flush(): Promise<void> {
    pump();
    while (inFlight.size > 0) await Promise.allSettled([...inFlight.values()]);
  }

  const stop = (): void => {
    stopped = true;
  };

  return { enqueue, pump, flush, stop };
}
