import { create } from 'zustand';
import type { JournalEntry } from '@contract';
import { callMerchant, subscribe, type ErrorInfo } from '../lib/ipc';

/**
 * Withdrawals whose outcome nobody knows yet (the answer was lost): the shell and the Withdrawals
 * screen warn about each until it is resolved, by a verified webhook or by a person in the Journal.
 * Read from the journal itself and re-read on every journal change, so the warning cannot outlive
 * the entry nor miss one written while another screen was open.
 */
export interface UnknownWithdrawalsState {
  entries: JournalEntry[];
  loaded: boolean;
  error: ErrorInfo | null;
  load: () => Promise<void>;
  /** Reads once and re-reads on every journal change; returns the unsubscribe. */
  listen: () => () => void;
}

let latest = 0;

export const useUnknownWithdrawals = create<UnknownWithdrawalsState>()((set, get) => ({
  entries: [],
  loaded: false,
  error: null,

  load: async () => {
    const request = ++latest;
    const result = await callMerchant((api) =>
      api.journal.list({ operation: 'createWithdrawal', state: 'unknown', limit: 1000 }),
    );
    // Journal changes can arrive in bursts: only the newest read may write.
    if (request !== latest) return;
    // A failed read keeps the warnings already shown: dropping them would hide money at risk.
    set(
      result.ok
        ? { entries: result.data.entries, loaded: true, error: null }
        : { loaded: true, error: result.error },
    );
  },

  listen: () => {
    void get().load();
    return subscribe('journal:changed', () => void get().load());
  },
}));
