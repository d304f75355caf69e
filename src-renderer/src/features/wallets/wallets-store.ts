import type { MerchantApi } from '../../lib/merchant-api';
import { create } from 'zustand';
import type { CreateWalletInput, MoneyInItem, WalletEntry } from '@contract';
import { callMerchant, type ErrorInfo } from '../../lib/ipc';
import { createProfileLoader } from '../../lib/profile-loader';
import { readWallet } from './wallet-words';

export type QrState =
  | { status: 'loading' }
  | { status: 'ready'; image: { contentType: string; base64: string } }
  | { status: 'error'; error: ErrorInfo };

/** What the last creation came to. `unknown` is its own outcome: never shown as failed, never retried. */
export type CreateOutcome =
  | {
      kind: 'created';
      journalId: string;
      coin: string;
      network: string;
      label: string | null;
      address: string | null;
      walletId: string | null;
    }
  | { kind: 'rejected'; journalId: string | null; error: ErrorInfo }
  | { kind: 'unknown'; journalId: string; error: ErrorInfo | null };

export interface WalletsState {
  profileId: string | null;
  loading: boolean;
  wallets: WalletEntry[] | null;
  error: ErrorInfo | null;
  creating: boolean;
  outcome: CreateOutcome | null;
  qr: Record<string, QrState>;
  saved: Record<string, { path: string | null } | { error: ErrorInfo }>;
  /** The profile's wallet deposits (verified webhooks), newest first; null until read. */
  deposits: MoneyInItem[] | null;
  depositsError: ErrorInfo | null;
  load: (profileId: string | null) => Promise<void>;
  /** Reads the deposits again (a verified wallet webhook arrived). */
  loadDeposits: () => Promise<void>;
  create: (input: CreateWalletInput) => Promise<CreateOutcome | null>;
  loadQr: (walletId: string) => Promise<void>;
  saveQr: (walletId: string) => Promise<void>;
}

export const useWalletsStore = create<WalletsState>()((set, get) => ({
  profileId: null,
  loading: false,
  wallets: null,
  error: null,
  creating: false,
  outcome: null,
  qr: {},
  saved: {},
  deposits: null,
  depositsError: null,

  load: createProfileLoader(
    get,
    set,
    { wallets: null, error: null, outcome: null, qr: {}, saved: {}, deposits: null, depositsError: null },
    async (isCurrent) => {
      const [result, deposits] = await Promise.all([
        callMerchant((api) => api.wallets.list()),
        readDeposits(),
      ]);
      if (!isCurrent()) return;
      set(deposits);
      set(
        result.ok
          ? { loading: false, wallets: result.data.wallets, error: null }
          : { loading: false, error: result.error },
      );
    },
  ),

  create: async (input) => {
    // A second click while the first is on its way must not create a second wallet.
    if (get().creating) return null;
    set({ creating: true, outcome: null });
    const result = await callMerchant((api) => api.wallets.create(input));
    const outcome = toOutcome(input, result);
    set({ creating: false, outcome });
    if (result.ok) void get().load(get().profileId);
    return outcome;
  },

  loadDeposits: async () => {
    const asked = get().profileId;
    const deposits = await readDeposits();
    // A switch meanwhile: these are the previous profile's.
    if (get().profileId === asked) set(deposits);
  },

  loadQr: async (walletId) => {
    if (get().qr[walletId]?.status === 'loading') return;
    set((s) => ({ qr: { ...s.qr, [walletId]: { status: 'loading' } } }));
    const result = await callMerchant((api) => api.wallets.qr({ walletId }));
    set((s) => ({
      qr: {
        ...s.qr,
        [walletId]: result.ok
          ? { status: 'ready', image: result.data }
          : { status: 'error', error: result.error },
      },
    }));
  },

  saveQr: async (walletId) => {
    const result = await callMerchant((api) => api.wallets.saveQr({ walletId }));
    set((s) => ({ saved: { ...s.saved, [walletId]: result.ok ? result.data : { error: result.error } } }));
  },
}));

/** How many of the newest deposits the cards show between them. */
const DEPOSITS_READ = 1000;

async function readDeposits(): Promise<Pick<WalletsState, 'deposits' | 'depositsError'>> {
  const result = await callMerchant((api) =>
    api.moneyIn.list({ kind: 'wallet-deposit', limit: DEPOSITS_READ }),
  );
  return result.ok
    ? { deposits: result.data.items, depositsError: null }
    : { deposits: null, depositsError: result.error };
}

type CreateResult = Awaited<ReturnType<MerchantApi['wallets']['create']>>;

function toOutcome(input: CreateWalletInput, result: CreateResult): CreateOutcome {
  // Refused before a journal row existed (bad input, no key, another profile): nothing was sent.
  if (!result.ok) return { kind: 'rejected', journalId: null, error: result.error };
  const { journalId, outcome, data, error } = result.data;
  if (outcome === 'unknown') return { kind: 'unknown', journalId, error: error ?? null };
  if (outcome === 'rejected')
    return {
      kind: 'rejected',
      journalId,
      error: error ?? { kind: 'internal', message: 'The service refused.' },
    };
  return {
    kind: 'created',
    journalId,
    coin: input.coin,
    network: input.network,
    label: input.label?.trim() || null,
    ...readWallet(data),
  };
}
