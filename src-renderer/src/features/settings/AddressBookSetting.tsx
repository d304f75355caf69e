import { Suspense, useEffect, useState } from 'react';
import { AddressText } from '../../components/AddressText';
import { bindValue, EXACT_TEXT } from '../../components/forms/bind';
import { Field } from '../../components/forms/Field';
import { ErrorNotice, LoadingSkeleton } from '../../components/StateViews';
import { fieldErrorsOf } from '../../lib/ipc';
import { named } from '../../lib/lazy-named';
import { formatZonedDateTime } from '../../lib/zoned-time';
import { useAddressBookStore } from '../../stores/address-book-store';
import { useShellStore } from '../../stores/shell-store';
import { useTeamStore } from '../../stores/team-store';
import './address-book.css';
import { InlineForm } from '../../components/forms/InlineForm';

// The team's book, drawn only on a team's desk: loaded then (team-joined-parts.ts).
const TeamAddressBook = named(() => import('./team-joined-parts'), 'TeamAddressBook');

const EMPTY = { name: '', coin: '', network: '', address: '', note: '' };

/** On a team the book is the team's (issue 28 item 5); on a desk alone, the active profile's own. */
export function AddressBookSetting() {
  const joined = useTeamStore((s) => s.status?.joined === true);
  return joined ? (
    <Suspense fallback={<LoadingSkeleton rows={2} label="Loading the team’s address book…" />}>
      <TeamAddressBook />
    </Suspense>
  ) : (
    <DeskAddressBook />
  );
}

/**
 * The active profile's address book: named destinations for withdrawals. Adding or removing one is
 * asked of main, which shows the whole address in its own window; the page cannot add one alone.
 */
function DeskAddressBook() {
  const activeId = useShellStore((s) => s.activeId);
  const { profileId, entries, bookError: error, busy, load, add, remove } = useAddressBookStore();
  const [draft, setDraft] = useState(EMPTY);
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    void load();
  }, [load, activeId]);
  const shown = profileId === activeId ? entries : [];
  const fieldError = fieldErrorsOf(error);
  const bind = (key: keyof typeof EMPTY) =>
    bindValue(draft[key], (v) => setDraft((d) => ({ ...d, [key]: v })));

  const onSubmit = async () => {
    setDone(null);
    if (await add(draft)) {
      setDone(`${draft.name.trim()} is in the address book.`);
      setDraft(EMPTY);
    }
  };

  return (
    <section className="panel address-book" aria-labelledby="address-book-title" data-testid="address-book">
      <h2 id="address-book-title">Address book</h2>
      <p className="muted">
        Named destinations for this profile&apos;s withdrawals. A withdrawal to an address that is not here is
        flagged as new. Adding or removing one asks you to confirm in Merchant Desk&apos;s own window.
      </p>
      {shown.length === 0 ? (
        <p data-testid="address-book-empty">No destination is saved for this profile yet.</p>
      ) : (
        <ul className="address-book__list" data-testid="address-book-list">
          {shown.map((e) => (
            <li key={e.id} className="address-book__entry">
              <strong>{e.name}</strong> · {e.coin.toUpperCase()} on {e.network.toUpperCase()}
              <AddressText address={e.address} label={`${e.name} address`} copyable />
              {e.note && <span className="muted">{e.note}</span>}
              <span className="muted">
                Added {formatZonedDateTime(e.addedAt)} by {e.addedBy}
              </span>
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => void remove(e.id)}
                data-testid={`address-book-remove-${e.id}`}
              >
                Remove…
              </button>
            </li>
          ))}
        </ul>
      )}
      <InlineForm className="address-book__form" label="Add a destination" onSubmit={onSubmit}>
        <Field
          id="book-name"
          label="Name"
          error={fieldError.name}
          {...bind('name')}
          data-testid="book-name"
        />
        <Field
          id="book-coin"
          label="Coin"
          hint="As the service names it, such as USDT"
          error={fieldError.coin}
          {...bind('coin')}
          {...EXACT_TEXT}
          data-testid="book-coin"
        />
        <Field
          id="book-network"
          label="Network"
          hint="Such as TRON"
          error={fieldError.network}
          {...bind('network')}
          {...EXACT_TEXT}
          data-testid="book-network"
        />
        <Field
          id="book-address"
          label="Address"
          error={fieldError.address}
          {...bind('address')}
          {...EXACT_TEXT}
          data-testid="book-address"
        />
        <Field
          id="book-note"
          label="Note (optional)"
          error={fieldError.note}
          {...bind('note')}
          data-testid="book-note"
        />
        <button type="submit" className="button" disabled={busy} data-testid="book-add">
          Add destination…
        </button>
      </InlineForm>
      {done && (
        <p role="status" data-testid="address-book-added">
          {done}
        </p>
      )}
      {error && <ErrorNotice title="The address book was not changed." error={error} />}
    </section>
  );
}
