import { create } from 'zustand';
import type {
  AddAddressInput,
  AddressBookEntryView,
  AddressBookView,
  SetWithdrawalLimitInput,
  WithdrawalRules,
} from '@contract';
import { callMerchant, type ErrorInfo } from '../lib/ipc';

interface AddressBookState {
  /** The profile the entries are of, as main named it: another profile's book is never shown. */
  profileId: string | null;
  entries: AddressBookEntryView[];
  rules: WithdrawalRules | null;
  /** Why the last read or change of the book, or of the rules, did not happen (declined in main's window, for one). */
  bookError: ErrorInfo | null;
  rulesError: ErrorInfo | null;
  busy: boolean;
  load: () => Promise<void>;
  /** Each change is asked of main, which asks the person in its own window; true once done. */
  add: (entry: AddAddressInput) => Promise<boolean>;
  remove: (id: number) => Promise<boolean>;
  setBookOnly: (bookOnly: boolean) => Promise<boolean>;
  setLimit: (limit: SetWithdrawalLimitInput) => Promise<boolean>;
}

/**
 * The active profile's address book and the desk's withdrawal rules, as main keeps them (issue 26):
 * the Settings cards change them, the withdrawal form picks from the book and flags a new address.
 * The page only asks; main decides every change.
 */
export const useAddressBookStore = create<AddressBookState>()((set, get) => {
  const takeBook = (book: AddressBookView) => set({ profileId: book.profileId, entries: book.entries });
  async function change<T>(
    which: 'bookError' | 'rulesError',
    run: () => Promise<{ ok: true; data: T } | { ok: false; error: ErrorInfo }>,
    take: (data: T) => void,
  ): Promise<boolean> {
    if (get().busy) return false;
    set({ busy: true, [which]: null });
    const result = await run();
    set({ busy: false, [which]: result.ok ? null : result.error });
    if (result.ok) take(result.data);
    return result.ok;
  }
  return {
    profileId: null,
    entries: [],
    rules: null,
    bookError: null,
    rulesError: null,
    busy: false,
    load: async () => {
      const [book, rules] = await Promise.all([
        callMerchant((api) => api.addressBook.list()),
        callMerchant((api) => api.withdrawalRules.get()),
      ]);
      if (book.ok) takeBook(book.data);
      if (rules.ok) set({ rules: rules.data });
      set({ bookError: book.ok ? null : book.error, rulesError: rules.ok ? null : rules.error });
    },
    add: (entry) => change('bookError', () => callMerchant((api) => api.addressBook.add(entry)), takeBook),
    remove: (id) =>
      change('bookError', () => callMerchant((api) => api.addressBook.remove({ id })), takeBook),
    setBookOnly: (bookOnly) =>
      change(
        'rulesError',
        () => callMerchant((api) => api.withdrawalRules.setBookOnly({ bookOnly })),
        (rules) => set({ rules }),
      ),
    setLimit: (limit) =>
      change(
        'rulesError',
        () => callMerchant((api) => api.withdrawalRules.setLimit(limit)),
        (rules) => set({ rules }),
      ),
  };
});

/** The book's entry for this destination (codes compared in lower case, the address exactly). */
export function bookEntryFor(
  entries: readonly AddressBookEntryView[],
  coin: string,
  network: string,
  address: string,
): AddressBookEntryView | null {
  return (
    entries.find(
      (e) => e.coin === coin.toLowerCase() && e.network === network.toLowerCase() && e.address === address,
    ) ?? null
  );
}
