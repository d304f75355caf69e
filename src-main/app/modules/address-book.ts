import { AppError } from '@shared/errors';
import type { AddressBookView, WithdrawalRules } from '@shared/domain/address-book';
import type { AppSettings } from '../../services/app-settings';
import type { AddressBookStore } from '../../storage/port/address-book';
import { requireConfirmation, type Confirmer } from '../confirm/confirmer';
import {
  addressAddConfirmation,
  addressRemoveConfirmation,
  bookOnlyConfirmation,
  limitConfirmation,
} from '../confirm/address-book-requests';
import { osUserName } from '../desk-user';
import type { Disposer } from '../lifecycle';
import { handleAll, type ChannelRegistry } from './channels';

export interface AddressBookModuleDeps {
  book: AddressBookStore;
  settings: Pick<AppSettings, 'withdrawalRules' | 'setBookOnly' | 'setWithdrawalLimit'>;
  /** Main's own window: the page asks, main decides every change to the book and the rules. */
  confirm: Confirmer;
  activeScope: () => { profile: { id: string; name: string } };
  networkName: (coin: string, network: string) => string | null;
  /** Who is at the desk, for "added by": the signed-in OS user unless a test says otherwise. */
  who?: () => string;
}

/**
 * `addressBook:*` and `withdrawalRules:*`: the active profile's named destinations, "send only to the
 * book", and per-asset limits. The renderer only asks; every change is shown and decided in main's
 * window, built from the validated request and what main holds, never from text the page wrote.
 */
export function registerAddressBook(router: ChannelRegistry, deps: AddressBookModuleDeps): Disposer {
  const who = deps.who ?? osUserName;
  const view = async (profileId: string): Promise<AddressBookView> => ({
    profileId,
    entries: (await deps.book.list(profileId)).map(({ profileId: _, ...entry }) => entry),
  });
  const context = (coin: string, network: string) => ({
    networkName: deps.networkName(coin, network),
    profileName: deps.activeScope().profile.name,
  });
  return handleAll(router, {
    'addressBook:list': () => view(deps.activeScope().profile.id),
    'addressBook:add': async (entry) => {
      // Named by the profile taken before the window opens: a switch meanwhile adds nothing elsewhere.
      const profile = deps.activeScope().profile;
      await requireConfirmation(
        deps.confirm,
        addressAddConfirmation(entry, context(entry.coin, entry.network)),
      );
      await deps.book.add({ ...entry, profileId: profile.id, addedBy: who() });
      return view(profile.id);
    },
    'addressBook:remove': async ({ id }) => {
      const profile = deps.activeScope().profile;
      const entry = (await deps.book.list(profile.id)).find((e) => e.id === id);
      if (!entry)
        throw new AppError('journal-not-found', 'That address is not in this profile’s address book.');
      await requireConfirmation(
        deps.confirm,
        addressRemoveConfirmation(entry, context(entry.coin, entry.network)),
      );
      await deps.book.remove(profile.id, id, who());
      return view(profile.id);
    },
    'withdrawalRules:get': () => deps.settings.withdrawalRules(),
    'withdrawalRules:set-book-only': async ({ bookOnly }): Promise<WithdrawalRules> => {
      if (deps.settings.withdrawalRules().bookOnly === bookOnly) return deps.settings.withdrawalRules();
      await requireConfirmation(deps.confirm, bookOnlyConfirmation(bookOnly));
      return deps.settings.setBookOnly(bookOnly);
    },
    'withdrawalRules:set-limit': async (limit) => {
      const before = deps.settings
        .withdrawalRules()
        .limits.find((l) => l.coin === limit.coin && l.network === limit.network);
      await requireConfirmation(
        deps.confirm,
        limitConfirmation(before, limit, deps.networkName(limit.coin, limit.network)),
      );
      return deps.settings.setWithdrawalLimit(limit);
    },
  });
}
