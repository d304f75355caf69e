/**
 * The address book: named withdrawal destinations of one profile. Kept small on purpose (list, add,
 * remove), because in team mode (issue 28) the same port is served by the team's ledger, where adding
 * needs an approver: an entry then carries who approved it beside who added it.
 */
export interface AddressBookEntry {
  id: number;
  profileId: string;
  name: string;
  /** Lowercase codes, as a withdrawal body carries them. */
  coin: string;
  network: string;
  address: string;
  note: string;
  addedAt: string;
  addedBy: string;
}

export type NewAddressBookEntry = Omit<AddressBookEntry, 'id' | 'addedAt'>;

export interface AddressBookStore {
  /** The profile's entries still in the book, oldest first. */
  list(profileId: string): Promise<AddressBookEntry[]>;
  /** Records the entry (and, in the journal, its history); a JournalError 'conflict' for a duplicate. */
  add(entry: NewAddressBookEntry): Promise<AddressBookEntry>;
  /** Takes the entry out of the book (its history stays); a JournalError 'not-found' when it is not there. */
  remove(profileId: string, id: number, removedBy: string): Promise<AddressBookEntry>;
}

/** A journal that also keeps the desk's address book (the SQLite journal, in its worker). */
export interface WithAddressBook {
  readonly addressBook: AddressBookStore;
}
