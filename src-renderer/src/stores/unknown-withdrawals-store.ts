import { create } from 'zustand';
import type { JournalEntry } from '@contract';
import { upsertEntry } from '../lib/entry-list';
import { callMerchant, subscribe, type ErrorInfo } from '../lib/ipc';

/**
 * The active profile's withdrawals whose outcome nobody knows yet (the answer was lost): the shell and
 * the Withdrawals screen warn about each until it is resolved, by a verified webhook or by a person in
 * the Journal. Read from the journal (main lists the active profile's only) when a profile opens, then
 * kept by the changed entries main pushes, so the warning cannot outlive the entry nor miss one
 * written while another screen was open.
 */
export interface UnknownWithdrawalsState {
  entries: JournalEntry[];
  loaded: boolean;
  error: ErrorInfo | null;
  load: () => Promise<void>;
  /** A changed entry pushed by main: added while its outcome is unknown, taken out once it is not. */
  upsert: (entry: JournalEntry) => void;
  /** Reads once, re-reads when another profile opens, and follows every change; returns the unsubscribe. */
  listen: () => () => void;
}

let latest = 0;
/** The profile the list is of, once main has said which is active (profiles:changed). */
let profileId: string | null = null;
/** Whether a read is out, and the changes heard meanwhile: its answer may predate them. */
let reading = false;
let heard: JournalEntry[] = [];

const isUnknownWithdrawal = (entry: JournalEntry) =>
  entry.operation === 'createWithdrawal' && entry.state === 'unknown';

export const useUnknownWithdrawals = create<UnknownWithdrawalsState>()((set, get) => ({
  entries: [],
  loaded: false,
  error: null,

  load: async () => {
    const request = ++latest;
    reading = true;
    heard = [];
    const result = await callMerchant((api) =>
      api.journal.list({ operation: 'createWithdrawal', state: 'unknown', limit: 1000 }),
    );
    // Only the newest read may write.
    if (request !== latest) return;
    const held = heard;
    reading = false;
    heard = [];
    // A failed read keeps the warnings already shown: dropping them would hide money at risk.
    set(
      result.ok
        ? {
            entries: held.reduce(
              (list, e) => upsertEntry(list, e, isUnknownWithdrawal(e)),
              result.data.entries,
            ),
            loaded: true,
            error: null,
          }
        : { loaded: true, error: result.error },
    );
  },

  upsert: (entry) => {
    // One pushed just before a switch is the previous profile's: not this list's.
    if (profileId !== null && entry.profileId !== profileId) return;
    if (reading) heard.push(entry);
    set((s) => ({ entries: upsertEntry(s.entries, entry, isUnknownWithdrawal(entry)) }));
  },

  listen: () => {
    void get().load();
    const offs = [
      subscribe('journal:changed', (entry) => get().upsert(entry)),
      subscribe('profiles:changed', ({ activeId }) => {
        const shownFor = profileId ?? get().entries[0]?.profileId ?? null;
        profileId = activeId;
        if (shownFor === activeId) return;
        // Another profile is other money: nothing of the last one's warnings stays while its list is read.
        set({ entries: [] });
        void get().load();
      }),
    ];
    return () => offs.forEach((off) => off());
  },
}));
