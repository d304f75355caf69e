import { create } from 'zustand';
import type { JournalEntry, MoneyInItem } from '@contract';
import { isOpenInvoiceStatus } from '@shared/domain/invoice-lookup';
import { callMerchant, type ErrorInfo } from '../../lib/ipc';
import { createProfileLoader } from '../../lib/profile-loader';

/** How far back "recent" money in reaches. */
export const RECENT_MS = 24 * 60 * 60 * 1000;
/** The newest entries read to count what is open: enough for a desk's working set, said when cut. */
const SCAN = 500;

/** A count, and whether it is only a lower bound (more entries exist than were read). */
export interface Count {
  n: number;
  atLeast: boolean;
}

export interface Attention {
  unknowns: number;
  inFlight: Count;
  openInvoices: Count;
  moneyIn: { n: number; newest: MoneyInItem | null };
}

export interface AttentionState {
  profileId: string | null;
  loading: boolean;
  data: Attention | null;
  error: ErrorInfo | null;
  refresh: (profileId: string | null) => Promise<void>;
}

const made = (e: JournalEntry) => e.state === 'accepted' || e.state === 'resolved-performed';
const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** Sent and made, and no webhook has said it completed or failed yet. */
export const isInFlight = (e: JournalEntry) =>
  made(e) && e.settlement !== 'completed' && e.settlement !== 'failed';
/** Created, and the last status heard is still payable (or none was heard since it was created). */
export const isOpenInvoice = (e: JournalEntry) => {
  const status = str(e.fields.invoiceStatus);
  return made(e) && (status === null || isOpenInvoiceStatus(status));
};

export const useAttentionStore = create<AttentionState>()((set, get) => ({
  profileId: null,
  loading: false,
  data: null,
  error: null,
  refresh: createProfileLoader(get, set, { data: null, error: null }, async (isCurrent) => {
    const since = new Date(Date.now() - RECENT_MS).toISOString();
    const [unknown, withdrawals, invoices, moneyIn] = await Promise.all([
      callMerchant((api) => api.journal.page({ filter: { state: 'unknown' }, limit: 1 })),
      callMerchant((api) => api.journal.page({ filter: { operation: 'createWithdrawal' }, limit: SCAN })),
      callMerchant((api) => api.journal.page({ filter: { operation: 'createInvoice' }, limit: SCAN })),
      callMerchant((api) => api.moneyIn.list({ from: since, limit: 1 })),
    ]);
    if (!isCurrent()) return;
    const failed = [unknown, withdrawals, invoices, moneyIn].find((r) => !r.ok);
    if (failed && !failed.ok) return set({ loading: false, error: failed.error });
    if (!unknown.ok || !withdrawals.ok || !invoices.ok || !moneyIn.ok) return;
    const count = (page: typeof withdrawals.data, keep: (e: JournalEntry) => boolean): Count => ({
      n: page.entries.filter(keep).length,
      atLeast: page.total > page.entries.length,
    });
    set({
      loading: false,
      error: null,
      data: {
        unknowns: unknown.data.total,
        inFlight: count(withdrawals.data, isInFlight),
        openInvoices: count(invoices.data, isOpenInvoice),
        moneyIn: { n: moneyIn.data.total, newest: moneyIn.data.items[0] ?? null },
      },
    });
  }),
}));
