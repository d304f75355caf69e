import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { ErrorInfo, IpcResult, TeamBookEntry, TeamBookView } from '@contract';
import { AddressText } from '../../components/AddressText';
import { bindValue, EXACT_TEXT } from '../../components/forms/bind';
import { Field } from '../../components/forms/Field';
import { ErrorNotice, LoadingSkeleton } from '../../components/StateViews';
import { callMerchant, fieldErrorsOf } from '../../lib/ipc';
import { formatZonedDateTime } from '../../lib/zoned-time';
import { useTeamStore } from '../../stores/team-store';
import './address-book.css';

const EMPTY = { label: '', coin: '', network: '', address: '' };

/** Who added the entry and who approved it, or who may approve it still. */
function whoWords(entry: TeamBookEntry, person: string): string {
  const added = `Proposed by ${entry.addedBy} ${formatZonedDateTime(entry.addedAt)}`;
  if (entry.approvedBy)
    return `${added} · approved by ${entry.approvedBy}${entry.approvedAt ? ` ${formatZonedDateTime(entry.approvedAt)}` : ''}`;
  return `${added} · waiting for an approver${entry.addedBy === person ? ' other than you' : ` other than ${entry.addedBy}`}`;
}

/**
 * The team's address book (issue 28 item 5): each destination with who proposed and who approved it.
 * Proposing, approving and removing are each confirmed in main's own window; the team's ledger decides
 * who may (a proposer never approves their own). Controls are shown only to the roles that may use them.
 */
export function TeamAddressBook() {
  const [view, setView] = useState<TeamBookView | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const [draft, setDraft] = useState(EMPTY);
  const [removing, setRemoving] = useState<{ id: number; reason: string } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const load = useCallback(async () => {
    const result = await callMerchant((api) => api.teamBook.list());
    if (result.ok) setView(result.data);
    setError(result.ok ? null : result.error);
  }, []);
  // Read from the team's server: once the desk is online (it joins, or comes back), not before.
  const online = useTeamStore((s) => s.status?.connection === 'online');
  useEffect(() => {
    if (online) void load();
  }, [online, load]);
  const act = async (call: () => Promise<IpcResult<TeamBookView>>, words: string) => {
    setBusy(true);
    setDone(null);
    const result = await call();
    setBusy(false);
    if (!result.ok) {
      setError(result.error);
      return false;
    }
    setView(result.data);
    setError(null);
    setDone(words);
    return true;
  };
  const propose = async (e: FormEvent) => {
    e.preventDefault();
    const label = draft.label.trim();
    if (
      await act(
        () => callMerchant((api) => api.teamBook.propose(draft)),
        `“${label}” is proposed; an approver other than you approves it.`,
      )
    )
      setDraft(EMPTY);
  };
  const remove = async (e: FormEvent, entry: TeamBookEntry) => {
    e.preventDefault();
    if (!removing?.reason.trim()) return;
    if (
      await act(
        () => callMerchant((api) => api.teamBook.remove(removing)),
        `“${entry.label}” is removed from the team’s book.`,
      )
    )
      setRemoving(null);
  };
  const fieldError = fieldErrorsOf(error);
  const bind = (key: keyof typeof EMPTY) =>
    bindValue(draft[key], (v) => setDraft((d) => ({ ...d, [key]: v })));

  return (
    <section className="panel address-book" aria-labelledby="team-book-title" data-testid="team-book">
      <h2 id="team-book-title">Address book (the team’s)</h2>
      <p className="muted">
        Destinations the whole team shares. An address counts as a book address for the approval policy only
        once an approver other than the person who proposed it has approved it. Each change asks you to
        confirm in Merchant Desk&apos;s own window.
      </p>
      {view === null && !error && !online && (
        <p data-testid="team-book-offline">
          The team’s book is read from the team’s server: it shows once this desk is online.
        </p>
      )}
      {view === null && !error && online && (
        <LoadingSkeleton rows={2} label="Loading the team’s address book…" />
      )}
      {view && view.entries.length === 0 && (
        <p data-testid="team-book-empty">The team’s book holds no destination yet.</p>
      )}
      {view && view.entries.length > 0 && (
        <ul className="address-book__list" data-testid="team-book-list">
          {view.entries.map((entry) => (
            <li key={entry.id} className="address-book__entry" data-testid={`team-book-${entry.id}`}>
              <strong>{entry.label}</strong> · {entry.coin.toUpperCase()} on {entry.network.toUpperCase()}
              <AddressText address={entry.address} label={`${entry.label} address`} copyable />
              <span className="muted" data-testid="team-book-who">
                {whoWords(entry, view.person)}
              </span>
              {entry.approvedBy === null && view.canApprove && entry.addedBy === view.person && (
                <span data-testid="team-book-own">You proposed it: another approver must approve it.</span>
              )}
              {entry.approvedBy === null && view.canApprove && entry.addedBy !== view.person && (
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() =>
                    void act(
                      () => callMerchant((api) => api.teamBook.approve({ id: entry.id })),
                      `“${entry.label}” is approved.`,
                    )
                  }
                  data-testid={`team-book-approve-${entry.id}`}
                >
                  Approve…
                </button>
              )}
              {view.canRemove && removing?.id !== entry.id && (
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() => setRemoving({ id: entry.id, reason: '' })}
                  data-testid={`team-book-remove-${entry.id}`}
                >
                  Remove…
                </button>
              )}
              {removing?.id === entry.id && (
                <form
                  className="address-book__form"
                  onSubmit={(e) => void remove(e, entry)}
                  aria-label={`Remove ${entry.label}`}
                >
                  <Field
                    label={`Why is “${entry.label}” removed?`}
                    hint="The team sees this reason"
                    {...bindValue(removing.reason, (reason) => setRemoving({ id: entry.id, reason }))}
                    data-testid="team-book-reason"
                  />
                  <button
                    type="submit"
                    className="button"
                    disabled={busy || removing.reason.trim() === ''}
                    data-testid="team-book-remove-confirm"
                  >
                    Remove from the team’s book…
                  </button>
                  <button type="button" className="button" onClick={() => setRemoving(null)}>
                    Cancel
                  </button>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
      {view?.canPropose && (
        <form
          className="address-book__form"
          onSubmit={(e) => void propose(e)}
          aria-label="Propose a destination"
        >
          <Field label="Name" error={fieldError.label} {...bind('label')} data-testid="team-book-label" />
          <Field
            label="Coin"
            hint="As the service names it, such as USDT"
            error={fieldError.coin}
            {...bind('coin')}
            {...EXACT_TEXT}
            data-testid="team-book-coin"
          />
          <Field
            label="Network"
            hint="Such as TRON"
            error={fieldError.network}
            {...bind('network')}
            {...EXACT_TEXT}
            data-testid="team-book-network"
          />
          <Field
            label="Address"
            error={fieldError.address}
            {...bind('address')}
            {...EXACT_TEXT}
            data-testid="team-book-address"
          />
          <button type="submit" className="button" disabled={busy} data-testid="team-book-propose">
            Propose destination…
          </button>
        </form>
      )}
      {done && (
        <p role="status" data-testid="team-book-done">
          {done}
        </p>
      )}
      {error && (
        <ErrorNotice
          title={
            view === null
              ? 'The team’s address book could not be read.'
              : 'The team’s address book was not changed.'
          }
          error={error}
          {...(view === null ? { onRetry: () => void load() } : {})}
        />
      )}
    </section>
  );
}
