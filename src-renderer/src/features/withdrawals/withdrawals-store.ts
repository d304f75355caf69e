import { create } from 'zustand';
import type {
  BalancesView,
  CreateWithdrawalInput,
  FeesView,
  JournalEntry,
  SubmittedWithdrawal,
  WithdrawalPath,
  WriteResult,
} from '@contract';
import { createChangeBuffer, upsertEntry } from '../../lib/entry-list';
import { callMerchant, type ErrorInfo, type IpcResult } from '../../lib/ipc';
import { createProfileLoader } from '../../lib/profile-loader';
import { useUnknownWithdrawals } from '../../stores/unknown-withdrawals-store';
import { settledTwin } from './near-duplicates';

/** What was typed; kept through every failure, navigation and Back, cleared only once one is accepted. */
export interface Draft {
  pairKey: string;
  amount: string;
  address: string;
}

export const EMPTY_DRAFT: Draft = { pairKey: '', amount: '', address: '' };

/** The request as sent, for the outcome to describe in the desk's words. */
export type SentWithdrawal = Omit<CreateWithdrawalInput, 'override'>;

/**
 * What the last send came to. `unknown` is its own outcome (never failed, never retried); `duplicate`
 * means the journal refused before anything was sent because an identical one is not finished.
 */
export type SendOutcome =
  | { kind: 'accepted'; journalId: string; sent: SentWithdrawal; data: unknown; warnings: string[] }
  | { kind: 'rejected'; journalId: string | null; sent: SentWithdrawal; error: ErrorInfo }
  | { kind: 'unknown'; journalId: string; sent: SentWithdrawal; error: ErrorInfo | null }
  | { kind: 'duplicate'; sent: SentWithdrawal; error: ErrorInfo }
  /** Submitted for the team's approval (issue 28): recorded on the team's ledger, nothing sent. */
  | { kind: 'submitted'; sent: SentWithdrawal; id: string; status: SubmittedWithdrawal['status'] };

export interface WithdrawalsState {
  profileId: string | null;
  loading: boolean;
  entries: JournalEntry[] | null;
  error: ErrorInfo | null;
  /** This profile's own deposit addresses (wallets created from this desk): paying one pays oneself. */
  ownAddresses: string[];
  balances: BalancesView | null;
  balancesError: ErrorInfo | null;
  fees: FeesView | null;
  feesError: ErrorInfo | null;
  draft: Draft;
  step: 'form' | 'review';
  sending: boolean;
  outcome: SendOutcome | null;
  /** How the form ends, as main said: send, or submit for the team's approval. */
  path: WithdrawalPath;
  /** Asks main again (on opening the screen and the review, and after every send or submission). */
  loadPath: () => Promise<void>;
  load: (profileId: string | null) => Promise<void>;
  /** A changed entry pushed by main, whole: put in its place in the list, no list read again. */
  upsert: (entry: JournalEntry) => void;
  setDraft: (patch: Partial<Draft>) => void;
  setStep: (step: 'form' | 'review') => void;
  /** Sends once: a second call while one is on its way does nothing and resolves null. */
  send: (input: CreateWithdrawalInput) => Promise<SendOutcome | null>;
  /** After an accepted withdrawal: a fresh form (the pair stays chosen). */
  startAnother: () => void;
}

const fromResult = <T>(result: IpcResult<T>, key: string, errorKey: string) =>
  result.ok ? { [key]: result.data, [errorKey]: null } : { [errorKey]: result.error };

/** The profile whose balances and fees are being read: one read at a time, never stacked. */
let accountReading: string | null = null;

async function readAccount(
  profileId: string | null,
  get: () => WithdrawalsState,
  set: (partial: Partial<WithdrawalsState>) => void,
): Promise<void> {
  if (accountReading === profileId) return;
  accountReading = profileId;
  const [balances, fees] = await Promise.all([
    callMerchant((api) => api.balances.get()),
    callMerchant((api) => api.fees.get()),
  ]);
  if (accountReading === profileId) accountReading = null;
  // Another profile's figures never land under this one's badge.
  if (get().profileId !== profileId) return;
  set({
    ...fromResult(balances, 'balances', 'balancesError'),
    ...fromResult(fees, 'fees', 'feesError'),
  } as Partial<WithdrawalsState>);
}

const heard = createChangeBuffer();

/** What belongs to one profile: empty at first, and again whenever another profile is loaded. */
const NO_PROFILE_FIGURES = {
  entries: null,
  error: null,
  ownAddresses: [],
  balances: null,
  balancesError: null,
  fees: null,
  feesError: null,
  draft: EMPTY_DRAFT,
  step: 'form',
  outcome: null,
} satisfies Partial<WithdrawalsState>;

export const useWithdrawalsStore = create<WithdrawalsState>()((set, get) => {
  /** A withdrawal of the profile this list is of (main lists and pushes only the active one's). */
  const belongs = (entry: JournalEntry) =>
    entry.operation === 'createWithdrawal' && entry.profileId === get().profileId;
  return {
    profileId: null,
    loading: false,
    sending: false,
    path: { path: 'send' },
    ...NO_PROFILE_FIGURES,

    loadPath: async () => {
      const result = await callMerchant((api) => api.withdrawals.path());
      // Unread (the team's server away), the last answer stands: main refuses the wrong way anyway.
      if (result.ok) set({ path: result.data });
    },

    load: createProfileLoader(
      get,
      set,
      // Another profile is other money: nothing of the last one's figures, draft or outcome stays.
      NO_PROFILE_FIGURES,
      async (isCurrent) => {
        const profileId = get().profileId;
        heard.clear();
        // The account reads go to the service and may wait on a slow or unreachable one; the list is
        // the desk's own journal and must not wait for them.
        void readAccount(profileId, get, set);
        const [journal, wallets] = await Promise.all([
          callMerchant((api) => api.journal.list({ operation: 'createWithdrawal', limit: 1000 })),
          callMerchant((api) => api.wallets.list()),
        ]);
        if (!isCurrent()) return;
        set({
          loading: false,
          // Unread wallets leave the last known addresses: a missed warning costs more than a stale one.
          ...(wallets.ok ? { ownAddresses: walletAddresses(wallets.data.wallets) } : {}),
          ...(journal.ok
            ? { entries: heard.applyTo(journal.data.entries.filter(belongs), belongs), error: null }
            : { error: journal.error }),
        });
      },
    ),

    upsert: (entry) => {
      if (entry.profileId !== get().profileId) return;
      // A change heard while the list is read may predate the answer: applied on top of it then.
      if (get().loading) heard.hold(entry);
      const { entries, outcome } = get();
      if (!entries) return;
      const next = upsertEntry(entries, entry, belongs(entry));
      // The refusal was true while the identical one was unfinished; once it settles, it is stale.
      const refusalStale = outcome?.kind === 'duplicate' && settledTwin(entry, outcome.sent, next);
      set({ entries: next, ...(refusalStale ? { outcome: null } : {}) });
    },

    setDraft: (patch) => set((s) => ({ draft: { ...s.draft, ...patch } })),
    setStep: (step) => set({ step }),

    send: async (input) => {
      if (get().sending) return null;
      set({ sending: true, outcome: null });
      const { override: _override, ...sent } = input;
      // Main said which way; it decides again (the ledger refuses an ordinary send under a policy).
      const outcome =
        get().path.path === 'approval'
          ? submittedOutcome(sent, await callMerchant((api) => api.approvals.submit({ withdrawal: input })))
          : toOutcome(sent, await callMerchant((api) => api.withdrawals.create(input)));
      void get().loadPath();
      set((s) => ({
        sending: false,
        outcome,
        // Refused or unknown: back to the form with everything typed. A duplicate stays on the review,
        // where the override is offered.
        step: outcome.kind === 'duplicate' ? 'review' : 'form',
        draft:
          outcome.kind === 'accepted' || outcome.kind === 'submitted'
            ? { ...EMPTY_DRAFT, pairKey: s.draft.pairKey }
            : s.draft,
      }));
      // The list, the balances (now frozen) and the unknown banner follow from the journal change;
      // the balances are read again here because no event announces them.
      void get().load(get().profileId);
      // The banner must not wait for an event that could arrive before this answer did.
      if (outcome.kind === 'unknown') void useUnknownWithdrawals.getState().load();
      return outcome;
    },

    startAnother: () => set({ outcome: null, step: 'form' }),
  };
});

/** The address each of this profile's wallets answered with (the service's body, read, never assumed). */
function walletAddresses(wallets: readonly { entry: JournalEntry }[]): string[] {
  return wallets.flatMap(({ entry }) => {
    const address = (entry.response as { address?: unknown } | null)?.address;
    return typeof address === 'string' && address.length > 0 ? [address] : [];
  });
}

function submittedOutcome(sent: SentWithdrawal, result: IpcResult<SubmittedWithdrawal>): SendOutcome {
  if (!result.ok) return { kind: 'rejected', journalId: null, sent, error: result.error };
  return { kind: 'submitted', sent, id: result.data.id, status: result.data.status };
}

function toOutcome(sent: SentWithdrawal, result: IpcResult<WriteResult>): SendOutcome {
  if (!result.ok) {
    if (result.error.kind === 'duplicate-withdrawal') return { kind: 'duplicate', sent, error: result.error };
    // Refused before a journal row existed (bad input, clock, no key): nothing was sent.
    return { kind: 'rejected', journalId: null, sent, error: result.error };
  }
  const { journalId, outcome, data, warnings, error } = result.data;
  if (outcome === 'unknown') return { kind: 'unknown', journalId, sent, error: error ?? null };
  if (outcome === 'rejected')
    return {
      kind: 'rejected',
      journalId,
      sent,
      error: error ?? { kind: 'controller', message: 'The service refused the withdrawal.' },
    };
  return { kind: 'accepted', journalId, sent, data, warnings: warnings ?? [] };
}
