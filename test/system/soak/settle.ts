import { signWebhookBody } from '@main/protocol/signing';
import type { RunningSandbox } from '@main/sandbox';
import type { AppProcess } from './app-process';
import type { JournalRow, PerformedRecord } from './compare';
import { amountKey, type SoakOperation } from './workload';

interface EntryView {
  id: string;
  operation: string;
  state: JournalRow['state'];
  fields: Record<string, unknown>;
  resolution: { by?: string } | null;
  response: { webhook_url?: unknown } | null;
}
interface Page {
  entries: EntryView[];
  total: number;
  anchor: number;
}
interface Details {
  requestBody: string;
  evidence: { webhooks: Array<{ deliveryId: string }> };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SOAK_OPERATIONS = new Set<string>(['createInvoice', 'createWithdrawal', 'createWalletAddress']);

/** Every journal row of the run, oldest first, through the Journal screen's own paging. */
export async function readJournal(
  app: AppProcess,
  filter: Record<string, string> = {},
): Promise<EntryView[]> {
  const all: EntryView[] = [];
  let anchor: number | undefined;
  for (;;) {
    const page: Page = await app.ok('journal:page', {
      filter,
      offset: all.length,
      limit: 500,
      ...(anchor === undefined ? {} : { anchor }),
    });
    anchor ??= page.anchor;
    all.push(...page.entries);
    if (page.entries.length === 0 || all.length >= page.total) return all;
  }
}

/** An unknown invoice is settled by sending its order id again (the Journal screen's "check" button). */
export async function checkUnknownInvoices(app: AppProcess): Promise<{ checked: number; failed: string[] }> {
  const open = await readJournal(app, { operation: 'createInvoice', state: 'unknown' });
  const failed: string[] = [];
  for (const entry of open) {
    const outcome = await app.call('journal:check-invoice', { id: entry.id });
    if (outcome.kind === 'killed') throw new Error('the app died during the invoice checks');
    if (!outcome.result.ok) failed.push(`entry ${entry.id}: ${outcome.result.error.message}`);
  }
  return { checked: open.length, failed };
}

/**
 * Lets the sandbox's webhooks reach the app: the clock is stepped a second at a time (so withdrawals
 * settle in small groups the receiver's rate limit lets through), then each retry is made due; what
 * the sandbox gave up on (every retry hit a killed app or the rate limit) is sent again by hand, signed
 * as the sandbox signs it, at a pace the receiver accepts. Returns how many went by hand.
 */
export async function deliverWebhooks(sandbox: RunningSandbox, receiverUrl: string, apiKey: string) {
  const { control } = sandbox;
  for (let step = 0; step < 40; step++) {
    control.advanceClock(1_000);
    await control.flushWebhooks();
    await sleep(60);
  }
  for (let round = 0; round < 200; round++) {
    const pending = control.deliveries().filter((d) => d.state === 'pending' && d.nextAttemptAt !== null);
    if (pending.length === 0) break;
    const due = Math.min(...pending.map((d) => d.nextAttemptAt!));
    control.advanceClock(Math.max(0, due - control.now()));
    await control.flushWebhooks();
    await sleep(Math.min(2_000, 50 * pending.length));
  }
  let byHand = 0;
  for (const record of control.deliveries()) {
    if (record.state !== 'failed' && record.state !== 'pending') continue;
    for (let attempt = 0; ; attempt++) {
      // A receiver that keeps refusing is a finding, not a delivery: say so rather than count it sent.
      if (attempt === 20) throw new Error(`the receiver answered 429 twenty times to ${record.id}`);
      const response = await fetch(receiverUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Signature': signWebhookBody(record.body, apiKey),
          ...(record.idempotencyKey ? { 'X-Idempotency-Key': record.idempotencyKey } : {}),
        },
        body: record.body,
      });
      await response.arrayBuffer();
      if (response.ok) break;
      if (response.status !== 429)
        throw new Error(`the receiver answered ${response.status} to ${record.id}`);
      await sleep(100);
    }
    byHand += 1;
    await sleep(60);
  }
  return byHand;
}

/**
 * An unknown withdrawal whose webhook matched more than one entry stays open with its evidence
 * offered: the Journal's one-click "resolve by this webhook", taken when exactly one is offered.
 */
export async function resolveOfferedEvidence(app: AppProcess): Promise<number> {
  const open = await readJournal(app, { operation: 'createWithdrawal', state: 'unknown' });
  let resolved = 0;
  for (const entry of open) {
    const details: Details = await app.ok('journal:entry', { id: entry.id });
    const [only, ...more] = details.evidence.webhooks;
    if (!only || more.length > 0) continue;
    await app.ok('journal:resolve-evidence', { id: entry.id, deliveryId: only.deliveryId });
    resolved += 1;
  }
  return resolved;
}

/** The journal's rows as the comparison needs them (a wallet's key is in the request body it keeps). */
export async function journalRows(app: AppProcess): Promise<JournalRow[]> {
  const rows: JournalRow[] = [];
  for (const entry of await readJournal(app)) {
    if (!SOAK_OPERATIONS.has(entry.operation)) continue;
    const operation = entry.operation as SoakOperation;
    let key: string | null = null;
    if (operation === 'createInvoice') key = stringOr(entry.fields.orderId);
    if (operation === 'createWithdrawal') {
      const amount = stringOr(entry.fields.amount);
      key = amount === null ? null : amountKey(amount);
    }
    if (operation === 'createWalletAddress') {
      // An accepted row keeps the service's answer, which echoes the webhook URL; the others are
      // read from the request body they keep (opening an entry replays the chain: slow, so rarely).
      const echoed = entry.state === 'accepted' ? stringOr(entry.response?.webhook_url) : null;
      key = echoed ?? (await requestedWebhookUrl(app, entry.id));
    }
    rows.push({
      id: entry.id,
      operation,
      state: entry.state,
      resolvedBy: entry.resolution?.by ?? null,
      key,
    });
  }
  return rows;
}

async function requestedWebhookUrl(app: AppProcess, id: string): Promise<string | null> {
  const details: Details = await app.ok('journal:entry', { id });
  return stringOr((JSON.parse(details.requestBody) as { webhook_url?: unknown }).webhook_url);
}

/** What the sandbox performed for the merchant, by its own (persisted) record. */
export function performedRecords(sandbox: RunningSandbox, merchantId: string): PerformedRecord[] {
  const state = sandbox.control.state();
  const mine = <T extends { merchantId: string }>(records: Record<string, T>) =>
    Object.values(records).filter((r) => r.merchantId === merchantId);
  return [
    ...mine(state.invoices).map((i) => ({ operation: 'createInvoice' as const, key: i.orderId, id: i.code })),
    ...mine(state.withdrawals).map((w) => ({
      operation: 'createWithdrawal' as const,
      key: amountKey(w.amount),
      id: w.id,
    })),
    ...mine(state.wallets).map((w) => ({
      operation: 'createWalletAddress' as const,
      key: w.webhookUrl ?? `(no webhook url) ${w.id}`,
      id: w.id,
    })),
  ];
}

const stringOr = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;
