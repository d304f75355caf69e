import { z } from 'zod';
import { isAtLeastDecimal } from '@shared/money/digits';
import { DECIMAL_STRING } from '@shared/money/rules';
import { checkAddress } from './address';
import { Code, DecimalString, IsoTime, refuseHiddenCharacters, WithdrawalAddress } from './wire';

/**
 * The address book and the withdrawal rules (issue 26 item 1): named destinations, "send only to the
 * book", and per-asset limits. Main decides every change in its own window; these are the shapes the
 * page may ask with and the answers it gets.
 */

/** A destination's name in an address book (the desk's, and the team's). */
export const EntryName = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(80, 'must be at most 80 characters')
  .superRefine(refuseHiddenCharacters);

export const AddAddressInput = z
  .strictObject({
    name: EntryName,
    coin: Code,
    network: Code,
    address: WithdrawalAddress,
    note: z.string().trim().max(500, 'must be at most 500 characters').superRefine(refuseHiddenCharacters),
  })
  .superRefine((entry, ctx) => {
    // The same check as a withdrawal's: a book entry must be an address a withdrawal could be sent to.
    const check = checkAddress(entry.network, entry.address);
    if (check.status === 'invalid')
      ctx.addIssue({ code: 'custom', path: ['address'], message: check.reason });
  });
export type AddAddressInput = z.input<typeof AddAddressInput>;

export const RemoveAddressInput = z.strictObject({ id: z.number().int().positive() });

export const AddressBookEntryView = z.object({
  id: z.number().int(),
  name: z.string(),
  coin: z.string(),
  network: z.string(),
  address: z.string(),
  note: z.string(),
  addedAt: IsoTime,
  addedBy: z.string(),
});
export type AddressBookEntryView = z.infer<typeof AddressBookEntryView>;

/** The active profile's book, named by the profile so a store can drop another profile's answer. */
export const AddressBookView = z.object({ profileId: z.string(), entries: z.array(AddressBookEntryView) });
export type AddressBookView = z.infer<typeof AddressBookView>;

/** A limit of more than nothing: a limit of 0 would be "withdrawals off", which is not what it is for. */
const LimitAmount = DecimalString.refine(
  (v) => !DECIMAL_STRING.test(v) || !isAtLeastDecimal('0', v),
  'must be greater than 0',
).nullable();

/** Limits of one asset (coin on network), in the coin; null: no limit of that kind. */
export const WithdrawalLimit = z.strictObject({
  coin: Code,
  network: Code,
  perWithdrawal: LimitAmount,
  daily: LimitAmount,
});
export type WithdrawalLimit = z.output<typeof WithdrawalLimit>;
/** Setting both to null removes the asset's limits. */
export type SetWithdrawalLimitInput = z.input<typeof WithdrawalLimit>;

export const WithdrawalRules = z.object({
  /** Withdrawals only to addresses in the active profile's address book. */
  bookOnly: z.boolean(),
  limits: z.array(WithdrawalLimit),
});
export type WithdrawalRules = z.infer<typeof WithdrawalRules>;

export const SetBookOnlyInput = z.strictObject({ bookOnly: z.boolean() });
