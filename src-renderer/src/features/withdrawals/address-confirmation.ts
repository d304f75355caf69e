import { ADDRESS_END_LENGTH, addressEnds } from '@shared/domain/address';

/** Characters typed from each end of the address: the ones the review shows in bold (AddressText). */
export const CONFIRM_LENGTH = ADDRESS_END_LENGTH;

/** What the person typed to confirm: the address's first and its last characters. */
export interface TypedEnds {
  start: string;
  end: string;
}

/**
 * Which end does not match, or null when both do (capitals included). Both ends, since an address
 * made to share only the end with the right one (a look-alike that differs at the start) would pass
 * a check of the end alone (issue 26 item 6).
 */
export function mismatchedEnd(address: string, typed: TypedEnds): keyof TypedEnds | null {
  const expected = addressEnds(address);
  if (typed.start.trim() !== expected.start) return 'start';
  if (typed.end.trim() !== expected.end) return 'end';
  return null;
}
