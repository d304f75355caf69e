import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { useUnknownWithdrawals } from '../stores/unknown-withdrawals-store';
import { selectActiveProfile, useShellStore } from '../stores/shell-store';
import './unknown-withdrawals.css';

// The lines need the network names (the rates store): loaded only when there is something to list.
const UnknownWithdrawalLines = lazy(() =>
  import('./UnknownWithdrawalLines').then((m) => ({ default: m.UnknownWithdrawalLines })),
);

/**
 * The persistent warning for withdrawals whose outcome is unknown (UX rule 5): amber, icon-led, in
 * words, and it stays until the journal entry is resolved (a verified webhook, or a person). The shell
 * shows it above every screen; the Withdrawals screen shows it in its own place instead, so a person
 * never reads the same warning twice on one screen.
 *
 * It is one line with the count and a link to the list; the entries and what to do unfold on demand.
 * Above every screen it starts folded: at 200 % zoom, five unfolded entries left the screen a strip
 * (issue 25, item 10). On the Withdrawals screen it scrolls with the content and starts unfolded.
 */
export function UnknownWithdrawalsBanner({ place }: { place: 'shell' | 'screen' }) {
  const all = useUnknownWithdrawals((s) => s.entries);
  const listen = useUnknownWithdrawals((s) => s.listen);
  const profiles = useShellStore((s) => s.profiles);
  const active = useShellStore(selectActiveProfile);
  const [open, setOpen] = useState(place === 'screen');
  const detailsId = useId();
  useEffect(() => listen(), [listen]);
  // Main lists and pushes the active profile's entries only; play money is still never shown while a
  // live profile is active, so no Sandbox words appear on a live screen (UX rule 2).
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
      <div className="unknown-withdrawals__summary">
        <p className="banner__title">
          <span aria-hidden="true" className="unknown-withdrawals__icon">
            ?
          </span>{' '}
          We don’t know whether{' '}
          {one ? (
            'this withdrawal was'
          ) : (
            <>
              <span data-testid="unknown-withdrawals-count">{entries.length}</span> withdrawals were
            </>
          )}{' '}
          made. Do not send {one ? 'it' : 'them'} again.
        </p>
        <span className="unknown-withdrawals__actions">
          <button
            type="button"
            className="unknown-withdrawals__toggle"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen(!open)}
          >
            {open ? 'Hide details' : 'Show details'}
          </button>
          {place === 'shell' && <a href="#/withdrawals">Open Withdrawals</a>}
        </span>
      </div>
      <div id={detailsId} className="unknown-withdrawals__details" hidden={!open}>
        <Suspense fallback={<p className="muted">Loading the withdrawals’ details…</p>}>
          <UnknownWithdrawalLines entries={entries} profiles={profiles} />
        </Suspense>
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
          <a href="#/journal">Open the Journal</a>
          <a href="#/overview">Check balances</a>
          <a href="#/webhooks">See webhooks</a>
        </p>
      </div>
    </div>
  );
}
