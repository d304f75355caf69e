import type { JournalEntry, Profile } from '@contract';
import { formatDecimal } from '@shared/money/display';
import { formatZonedDateTime } from '../lib/zoned-time';
import { useNetworkNames } from '../stores/use-network-names';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Both ends of an address, the parts people compare: "TXyzAB…9cD1ef". */
function ends(address: string): string {
  const chars = Array.from(address);
  return chars.length <= 14 ? address : `${chars.slice(0, 6).join('')}…${chars.slice(-6).join('')}`;
}

/** "LIVE · Acme", or "Sandbox" alone for the built-in profile of that name. */
function where(environment: JournalEntry['environment'], profileName: string): string {
  const word = environment === 'live' ? 'LIVE' : 'Sandbox';
  return profileName.toLowerCase() === word.toLowerCase() ? word : `${word} · ${profileName}`;
}

function EntryLine({
  entry,
  names,
  profileName,
}: {
  entry: JournalEntry;
  names: ReadonlyMap<string, string>;
  profileName: string;
}) {
  const coin = text(entry.fields.coin).toUpperCase();
  const networkCode = text(entry.fields.network);
  const network = names.get(networkCode.toLowerCase()) ?? networkCode.toUpperCase();
  const amount = text(entry.fields.amount);
  const address = text(entry.fields.toAddress);
  return (
    <li data-testid="unknown-withdrawal" data-entry={entry.id}>
      <strong>
        {amount ? formatDecimal(amount) : 'An amount'}&nbsp;{coin} · {network}
      </strong>{' '}
      to <span className="mono">{ends(address)}</span>, sent {formatZonedDateTime(entry.createdAt)} (
      {where(entry.environment, profileName)}, Journal entry {entry.id})
    </li>
  );
}

/**
 * The lines of the unknown-withdrawals banner, one per entry. Loaded on demand by the banner (which
 * itself is in the shell): the network names come from the rates store, which the shell's first chunk
 * should not carry for a banner that is usually absent.
 */
export function UnknownWithdrawalLines({
  entries,
  profiles,
}: {
  entries: readonly JournalEntry[];
  profiles: readonly Profile[];
}) {
  const names = useNetworkNames();
  return (
    <ul className="unknown-withdrawals__list">
      {entries.map((entry) => (
        <EntryLine
          key={entry.id}
          entry={entry}
          names={names}
          profileName={profiles.find((p) => p.id === entry.profileId)?.name ?? 'a removed profile'}
        />
      ))}
    </ul>
  );
}
