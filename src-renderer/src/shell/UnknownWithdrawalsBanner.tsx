import { useEffect } from 'react';
import type { JournalEntry } from '@contract';
import { formatDecimal } from '../lib/decimal';
import { formatZonedDateTime } from '../lib/zoned-time';
import { useNetworkNames } from '../stores/use-network-names';
import { useUnknownWithdrawals } from '../stores/unknown-withdrawals-store';
import { selectActiveProfile, useShellStore } from './shell-store';
import './unknown-withdrawals.css';

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
 * The persistent warning for withdrawals whose outcome is unknown (UX rule 5): amber, icon-led, in
 * words, and it stays until the journal entry is resolved (a verified webhook, or a person). The shell
 * shows it above every screen; the Withdrawals screen shows it in its own place instead, so a person
 * never reads the same warning twice on one screen.
 */
export function UnknownWithdrawalsBanner({ place }: { place: 'shell' | 'screen' }) {
  const all = useUnknownWithdrawals((s) => s.entries);
  const listen = useUnknownWithdrawals((s) => s.listen);
  const profiles = useShellStore((s) => s.profiles);
  const active = useShellStore(selectActiveProfile);
  const names = useNetworkNames();
  useEffect(() => listen(), [listen]);
  // Real money is always shown, whichever profile is active; play money only while a Sandbox profile
  // is, so no Sandbox words appear on a live screen (UX rule 2).
  const entries = all.filter((e) => e.environment === 'live' || active?.environment === 'sandbox');
  if (entries.length === 0) return null;
  const one = entries.length === 1;
  return (
    <div
      className={`banner banner--warn unknown-withdrawals unknown-withdrawals--${place}`}
      role="alert"
      data-testid={place === 'shell' ? 'unknown-withdrawals-shell' : 'unknown-withdrawals-screen'}
      data-state="unknown"
    >
      <p className="banner__title">
        <span aria-hidden="true" className="unknown-withdrawals__icon">
          ?
        </span>{' '}
        We don’t know whether {one ? 'this withdrawal was' : `these ${entries.length} withdrawals were`} made.
        Do not send {one ? 'it' : 'them'} again.
      </p>
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
      <p>
        The request left Merchant Desk but no clear answer came back (the connection dropped, the service
        timed out or answered with an error), so the service may or may not have made {one ? 'it' : 'them'}.
        Merchant Desk will not send {one ? 'it' : 'them'} again, and refuses an identical withdrawal until
        this is settled.
      </p>
      <p>
        How to find out: a withdrawal webhook settles this on its own when it arrives (see Webhooks); a
        balance that dropped or is frozen on Overview means it was made; or ask the service and record what
        you learn in the Journal.
      </p>
      <p className="unknown-withdrawals__links">
        {place === 'shell' && <a href="#/withdrawals">Open Withdrawals</a>}
        <a href="#/journal">Open the Journal</a>
        <a href="#/overview">Check balances</a>
        <a href="#/webhooks">See webhooks</a>
      </p>
    </div>
  );
}
