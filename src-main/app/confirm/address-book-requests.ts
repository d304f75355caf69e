import { addressEnds } from '@shared/domain/address';
import type { WithdrawalLimit } from '@shared/domain/address-book';
import type { ConfirmRequest } from './confirmer';
import { groupedAddress } from './requests';

interface BookEntryFacts {
  name: string;
  coin: string;
  network: string;
  address: string;
  note: string;
}

/** "USDT on TRON (TRC-20)": the catalog's network name when known. */
const pairText = (coin: string, network: string, networkName: string | null) =>
  `${coin.toUpperCase()} on ${networkName ?? network.toUpperCase()}`;

function entryLines(entry: BookEntryFacts, networkName: string | null, profileName: string): string[] {
  const ends = addressEnds(entry.address);
  return [
    `Name: ${entry.name}`,
    `Pair: ${pairText(entry.coin, entry.network, networkName)}`,
    `Address: ${groupedAddress(entry.address)}`,
    `Check both ends: it starts ${ends.start} and ends ${ends.end}`,
    ...(entry.note ? [`Note: ${entry.note}`] : []),
    `Profile: ${profileName}`,
  ];
}

/** Main's own account of a destination joining the book: withdrawals to it are then not flagged. */
export function addressAddConfirmation(
  entry: BookEntryFacts,
  context: { networkName: string | null; profileName: string },
): ConfirmRequest {
  return {
    title: `Add “${entry.name}” to the address book?`,
    lines: [
      ...entryLines(entry, context.networkName, context.profileName),
      'Withdrawals to this address will no longer be flagged as new. Compare the whole address with its source before you add it.',
    ],
    confirmLabel: 'Add to address book',
  };
}

export function addressRemoveConfirmation(
  entry: BookEntryFacts,
  context: { networkName: string | null; profileName: string },
): ConfirmRequest {
  return {
    title: `Remove “${entry.name}” from the address book?`,
    lines: [
      ...entryLines(entry, context.networkName, context.profileName),
      'Withdrawals to this address will be flagged as new again (or refused, if only book addresses are allowed).',
    ],
    confirmLabel: 'Remove from address book',
  };
}

export function bookOnlyConfirmation(bookOnly: boolean): ConfirmRequest {
  return bookOnly
    ? {
        title: 'Allow withdrawals only to address-book destinations?',
        lines: [
          'Every withdrawal to an address that is not in the active profile’s address book will be refused.',
        ],
        confirmLabel: 'Allow only book addresses',
      }
    : {
        title: 'Allow withdrawals to any address?',
        lines: [
          'Withdrawals to addresses that are not in the address book will be allowed again (they are still flagged as new).',
        ],
        confirmLabel: 'Allow any address',
      };
}

const limitText = (value: string | null, coin: string) => (value === null ? 'no limit' : `${value} ${coin}`);

export function limitConfirmation(
  before: WithdrawalLimit | undefined,
  after: WithdrawalLimit,
  networkName: string | null,
): ConfirmRequest {
  const coin = after.coin.toUpperCase();
  const pair = pairText(after.coin, after.network, networkName);
  return {
    title: `Change the withdrawal limits of ${pair}?`,
    lines: [
      `Per withdrawal: ${limitText(before?.perWithdrawal ?? null, coin)} → ${limitText(after.perWithdrawal, coin)}`,
      `Per day (this computer’s calendar day): ${limitText(before?.daily ?? null, coin)} → ${limitText(after.daily, coin)}`,
      'The limits apply to every profile on this desk; a withdrawal over them is refused before it is signed.',
    ],
    confirmLabel: 'Change limits',
  };
}
