import { expect } from 'vitest';
import type { ErrorInfo, IpcResult, JournalEntry, WriteResult } from '@contract';
import { plainError } from '@shared/plain-error';
import type { AppHarness } from '@test/helpers/app-harness';

/**
 * The four money-moving writes as the renderer invokes them, each with how to count what the sandbox
 * performed and how the evidence that later arrives is delivered. Everything goes through the real
 * main services (IPC router, journaled write, API client) against the embedded sandbox.
 */

export const TRON_ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
let serial = 0;
const nextId = (prefix: string) => `${prefix}-${process.pid}-${++serial}`;

export interface Sent {
  input: Record<string, unknown>;
  result: IpcResult<WriteResult>;
  /** What the sandbox had performed before the write (to count what this one added). */
  before: number;
}

export interface Resolution {
  state: JournalEntry['state'];
  by: string;
}

export interface WriteOperation {
  /** The sandbox route name (what faults are keyed by). */
  route: 'createWithdrawal' | 'createInvoice' | 'createWalletAddress' | 'createProviderCardOrder';
  label: string;
  send(app: AppHarness): Promise<Sent>;
  /** How many of this operation the sandbox has performed (its own record). */
  performed(app: AppHarness): number;
  /** Delivers the evidence for an unknown entry; `made` is what the sandbox's record says. */
  resolve(app: AppHarness, sent: Sent, made: boolean): Promise<Resolution>;
}

const state = (app: AppHarness) => app.sandbox.control.state();

export async function entryOf(app: AppHarness, journalId: string): Promise<JournalEntry> {
  const entries = (await app.ok('journal:list', { limit: 500 })).entries;
  const entry = entries.find((e) => e.id === journalId);
  if (!entry) throw new Error(`no journal entry ${journalId}`);
  return entry;
}

/** A person who checked the service's own records settles the entry (the only way for some writes). */
async function byPerson(app: AppHarness, sent: Sent, made: boolean, checked: string): Promise<Resolution> {
  const id = (sent.result as { data: WriteResult }).data.journalId;
  const entry = await app.ok('journal:resolve', {
    id,
    performed: made,
    reason: `Checked ${checked} in the service's records.`,
  });
  return { state: entry.state, by: `a person, after checking ${checked} (no automatic evidence)` };
}

const withdrawal: WriteOperation = {
  route: 'createWithdrawal',
  label: 'withdrawal',
  async send(app) {
    const before = this.performed(app);
    // A distinct amount per send, so no drill trips the duplicate-withdrawal guard of another.
    const input = { coin: 'usdt', network: 'tron', amount: `${10 + ++serial}`, to_address: TRON_ADDRESS };
    return { input, before, result: await app.call('withdrawals:create', input) };
  },
  performed: (app) => app.sandbox.control.withdrawals().length,
  async resolve(app, sent, made) {
    if (!made) return byPerson(app, sent, false, 'the withdrawals list and balances');
    const id = (sent.result as { data: WriteResult }).data.journalId;
    const performed = app.sandbox.control.withdrawals().at(-1) as { withdrawal_id: string };
    app.sandbox.control.completeWithdrawal(performed.withdrawal_id);
    await app.sandbox.control.flushWebhooks();
    await expect.poll(async () => (await entryOf(app, id)).state, { timeout: 5_000 }).not.toBe('unknown');
    return { state: (await entryOf(app, id)).state, by: 'withdrawal.success webhook' };
  },
};

const invoice: WriteOperation = {
  route: 'createInvoice',
  label: 'invoice',
  async send(app) {
    const before = this.performed(app);
    const input = { order_id: nextId('DRILL'), amount: '30' };
    return { input, before, result: await app.call('invoices:create', input) };
  },
  performed: (app) => Object.keys(state(app).invoices).length,
  async resolve(app, sent) {
    const id = (sent.result as { data: WriteResult }).data.journalId;
    const checked = await app.ok('journal:check-invoice', { id });
    const proof = checked.state === 'resolved-performed' ? '409: it exists' : 'created now: it did not';
    return { state: checked.state, by: `re-submission of the order_id (journal:check-invoice, ${proof})` };
  },
};

const wallet: WriteOperation = {
  route: 'createWalletAddress',
  label: 'wallet',
  async send(app) {
    const before = this.performed(app);
    const input = { coin: 'usdt', network: 'tron', label: nextId('drill wallet') };
    return { input, before, result: await app.call('wallets:create', input) };
  },
  performed: (app) => app.sandbox.control.wallets().length,
  resolve: (app, sent, made) => byPerson(app, sent, made, 'the wallet list'),
};

const cardOrder: WriteOperation = {
  route: 'createProviderCardOrder',
  label: 'card order',
  async send(app) {
    // The card order needs an invoice that offers card checkout (15 USD or more).
    const created = await app.ok('invoices:create', {
      order_id: nextId('CARD'),
      amount: '40',
      allow_card_payments: true,
    });
    const code = (created.data as { code: string }).code;
    const before = this.performed(app);
    const input = { code };
    return { input, before, result: await app.call('invoices:card-order', input) };
  },
  performed: (app) => Object.keys(state(app).cardOrders).length,
  resolve: (app, sent, made) => byPerson(app, sent, made, 'the invoice and its card order'),
};

export const WRITE_OPERATIONS: readonly WriteOperation[] = [withdrawal, invoice, wallet, cardOrder];

/** The words the renderer shows for an error: the plain headline and what to do next. */
export function plainWords(error: ErrorInfo): string {
  const plain = plainError(error);
  return `${plain.cause} ${plain.next}`.trim();
}

/**
 * What the person saw, as the table says it. An unknown write is shown by its own banner and the
 * main message's advice (what not to do); a refusal in the renderer's plain words.
 */
export function sawWords(result: IpcResult<WriteResult>): string {
  if (!result.ok) return `refused before sending: ${plainWords(result.error)}`;
  const { outcome, error } = result.data;
  if (outcome === 'accepted') return 'accepted';
  if (!error) return outcome;
  if (outcome === 'unknown') {
    const advice = /The outcome is unknown: .*$/.exec(error.message)?.[0] ?? error.message;
    return `unknown: ${advice}`;
  }
  return `rejected: ${plainWords(error)}`;
}
