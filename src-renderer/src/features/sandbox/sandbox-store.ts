import { create } from 'zustand';
import type { JournalEntry, RequestOf, ResponseOf, SandboxStatus } from '@contract';
import { announce } from '../../components/announcer';
import { callMerchant, type ErrorInfo } from '../../lib/ipc';
import { isSandboxProfile } from '../../shell/routes';

/** The screen's groups; each has its own form, busy flag and result line. */
export type ControlGroup =
  'invoices' | 'withdrawals' | 'deposits' | 'balances' | 'faults' | 'clock' | 'reset';

export type ControlOutcome = { ok: true; message: string } | { ok: false; error: ErrorInfo };

/** Something the desk already knows about, offered in a pick list: the id and words to recognise it. */
export interface KnownItem {
  value: string;
  label: string;
}

/** A wallet created from this desk under the Sandbox profile, as the deposit control offers it. */
export interface KnownWallet {
  walletId: string;
  label: string | null;
  coin: string;
  network: string;
  address: string | null;
}

export interface SandboxControlsState {
  status: SandboxStatus | null;
  statusError: ErrorInfo | null;
  busy: Partial<Record<ControlGroup, boolean>>;
  outcomes: Partial<Record<ControlGroup, ControlOutcome>>;
  invoices: KnownItem[];
  withdrawals: KnownItem[];
  wallets: KnownWallet[];
  load: () => Promise<void>;
  /** Runs one action; resolves true when the sandbox did it. A second call while busy does nothing. */
  act: (group: ControlGroup, action: RequestOf<'sandbox:act'>) => Promise<boolean>;
  /** The form refused a new attempt: the group's last answer is no longer the one to show (issue 25). */
  refused: (group: ControlGroup) => void;
}

const words = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** Invoice codes and withdrawal ids this desk created under the Sandbox profile, newest first. */
export function knownFromJournal(entries: JournalEntry[]): {
  invoices: KnownItem[];
  withdrawals: KnownItem[];
} {
  const own = entries.filter((e) => isSandboxProfile(e.profileId));
  const invoices: KnownItem[] = [];
  const withdrawals: KnownItem[] = [];
  for (const e of own) {
    const code = words(e.externalIds.invoiceCode);
    const id = words(e.externalIds.withdrawalId);
    if (e.operation === 'createInvoice' && code) {
      const order = words(e.fields.orderId);
      const usd = words(e.fields.amount);
      invoices.push({
        value: code,
        label: [order && `order ${order}`, usd && `${usd} USD`].filter(Boolean).join(' · '),
      });
    }
    if (e.operation === 'createWithdrawal' && id) {
      const amount = [words(e.fields.amount), words(e.fields.coin).toUpperCase()].filter(Boolean).join(' ');
      withdrawals.push({ value: id, label: [amount, e.settlement ?? e.state].filter(Boolean).join(' · ') });
    }
  }
  return { invoices, withdrawals };
}

/** The wallets a deposit can go to: created from this desk under the Sandbox profile, newest first. */
export function knownWallets(list: ResponseOf<'wallets:list'>['wallets']): KnownWallet[] {
  const wallets: KnownWallet[] = [];
  for (const { entry, label } of list) {
    const walletId = words(entry.externalIds.walletId);
    if (!isSandboxProfile(entry.profileId) || !walletId || entry.state === 'rejected') continue;
    wallets.push({
      walletId,
      label,
      coin: words(entry.fields.coin),
      network: words(entry.fields.network),
      // The service's answer carries the address (read, never assumed: its body is not in the spec).
      address: words((entry.response as Record<string, unknown> | null)?.address) || null,
    });
  }
  return wallets;
}

export const useSandboxControls = create<SandboxControlsState>()((set, get) => ({
  status: null,
  statusError: null,
  busy: {},
  outcomes: {},
  invoices: [],
  withdrawals: [],
  wallets: [],

  load: async () => {
    const [status, journal, wallets] = await Promise.all([
      callMerchant((api) => api.sandbox.status()),
      callMerchant((api) => api.journal.list({ limit: 200 })),
      callMerchant((api) => api.wallets.list()),
    ]);
    set(status.ok ? { status: status.data, statusError: null } : { statusError: status.error });
    if (journal.ok) set(knownFromJournal(journal.data.entries));
    if (wallets.ok) set({ wallets: knownWallets(wallets.data.wallets) });
  },

  refused: (group) =>
    set((s) => {
      const { [group]: _previous, ...outcomes } = s.outcomes;
      return { outcomes };
    }),

  act: async (group, action) => {
    if (get().busy[group]) return false;
    set((s) => ({ busy: { ...s.busy, [group]: true } }));
    const result = await callMerchant((api) => api.sandbox.act(action));
    set((s) => ({
      busy: { ...s.busy, [group]: false },
      outcomes: {
        ...s.outcomes,
        [group]: result.ok ? { ok: true, message: result.data.message } : { ok: false, error: result.error },
      },
      ...(result.ok ? { status: result.data.status, statusError: null } : {}),
    }));
    if (result.ok) announce(result.data.message);
    // Webhooks the action caused may have moved journal entries (a withdrawal settles).
    if (result.ok && (group === 'invoices' || group === 'withdrawals' || group === 'reset'))
      void get().load();
    return result.ok;
  },
}));
