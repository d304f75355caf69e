import type { JournalStore } from '@main/storage/port';
import type { WebhookLog } from '@main/storage/port/webhook-log';

/**
 * What an implementation gives the contract suite. Everything the suite checks goes through the
 * port; only tampering (what someone with the storage's files or credentials could do) is the
 * implementation's own, since the port offers no way to do it, by design.
 */
export interface StoreHarness {
  /** Opens the one store this test owns, as the given desk (reopening after close sees the same data). */
  open(deskId: string): Promise<JournalStore>;
  /** Changes a stored entry's amount behind the store's back; called while no store is open. */
  tamperEntry(id: number): Promise<void>;
  /** The webhook log beside it (opened once per test). */
  webhookLog(): Promise<WebhookLog>;
  /** Closes what is still open and removes everything the test made. */
  cleanup(): Promise<void>;
}

export type HarnessFactory = () => Promise<StoreHarness>;

export const DESK_A = 'desk-00000000-0000-4000-8000-00000000000a';
export const DESK_B = 'desk-00000000-0000-4000-8000-00000000000b';

export const live = { profileId: 'p-live', environment: 'live' as const };
export const sandbox = { profileId: 'sandbox', environment: 'sandbox' as const };

export const withdrawal = (over: Record<string, unknown> = {}) => ({
  ...live,
  requestBody: { network: 'tron', coin: 'usdt', amount: '125.50', to_address: 'TXYZabc123', ...over },
});
export const invoice = (orderId: string, over: Record<string, unknown> = {}) => ({
  ...live,
  requestBody: { order_id: orderId, amount: '25.00', ...over },
});

/** The rejection's kind (JournalError kinds survive any boundary an implementation puts in between). */
export async function kindOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return String((error as { kind?: unknown }).kind ?? `no kind: ${String(error)}`);
  }
  return 'resolved';
}

export async function collect(pieces: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const piece of pieces) text += piece;
  return text;
}
