import { useEffect } from 'react';
import { ProfileNote } from '../../components/forms/FormActions';
import { ScreenHeader } from '../../components/ScreenHeader';
import { EmptyState, ReadStateNotices } from '../../components/StateViews';
import { subscribe } from '../../lib/ipc';
import { screenState } from '../../lib/screen-state';
import { selectActiveProfile, useShellStore } from '../../stores/shell-store';
import { useNetworkNames } from '../../stores/use-network-names';
import { useRecordsFrom } from '../../stores/use-records-from';
import { EntryDetails } from './EntryDetails';
import { ExportResult, VerifyResult } from './JournalActions';
import { JournalFilters } from './JournalFilters';
import { JournalTable } from './JournalTable';
import { PinnedUnknowns } from './PinnedUnknowns';
import { useJournalStore } from './journal-store';
import { countWords } from './journal-words';
import './journal.css';
import { BusyButton } from '../../components/forms/SubmitButton';
import { BooksExport } from '../../components/books/BooksExport';

/** The journal as a ledger: every write of this profile with its state, details, decisions, chain and export. */
export function JournalScreen() {
  const profileId = useShellStore((s) => s.activeId);
  const profile = useShellStore(selectActiveProfile);
  // One selector per value this screen shows: reading the whole store re-rendered the screen (filters,
  // details, every row's parent) each time a page of the list arrived while scrolling.
  const filter = useJournalStore((s) => s.filter);
  const from = useRecordsFrom();
  const total = useJournalStore((s) => s.total);
  const error = useJournalStore((s) => s.error);
  const loading = useJournalStore((s) => s.loading);
  const newer = useJournalStore((s) => s.newer);
  const totalIsCapped = useJournalStore((s) => s.totalIsCapped);
  const newerIsCapped = useJournalStore((s) => s.newerIsCapped);
  const verifyBusy = useJournalStore((s) => s.verify.busy);
  const verifyResult = useJournalStore((s) => s.verify.result);
  const exportBusy = useJournalStore((s) => s.exported.busy);
  const detailsOpen = useJournalStore((s) => s.details !== null);
  const { open, changed, verifyChain, exportCsv, showNewer } = useJournalStore.getState();
  const names = useNetworkNames();

  useEffect(() => {
    void open(profileId);
  }, [open, profileId]);
  useEffect(() => subscribe('journal:changed', (entry) => void changed(entry)), [changed]);

  const filtered = Object.keys(filter).length > 0;
  const state = screenState({ data: total, error, isEmpty: total === 0 });
  const brokenEntry = verifyResult?.ok === false ? (verifyResult.brokenEntry ?? null) : null;

  return (
    <section className="screen journal" data-testid="journal-screen" data-state={state}>
      <ScreenHeader title="Journal">
        <BusyButton
          type="button"
          className="button"
          onClick={() => void verifyChain()}
          busy={verifyBusy}
          busyText="Verifying…"
          testId="journal-verify"
        >
          Verify chain
        </BusyButton>
        <button
          type="button"
          className="button"
          onClick={() => void exportCsv()}
          disabled={exportBusy || !total}
          aria-busy={exportBusy}
          data-testid="journal-export"
        >
          {exportBusy
            ? 'Exporting…'
            : `Export ${filtered ? 'these ' : ''}${countWords(total ?? 0, totalIsCapped)} ${total === 1 && !totalIsCapped ? 'row' : 'rows'} (CSV)`}
        </button>
      </ScreenHeader>
      {profile && (
        <div className="journal__env">
          <ProfileNote profile={profile} />
          <p className="muted">
            Every request sent {from} for this profile, newest first, with what came of it.
          </p>
        </div>
      )}
      <VerifyResult />
      {profile && <ExportResult environment={profile.environment} />}
      {profile && <BooksExport sandbox={profile.environment === 'sandbox'} />}
      <PinnedUnknowns names={names} />
      <JournalFilters names={names} />
      {newer > 0 && (
        <p className="journal__newer" role="status">
          {newer === 1 && !newerIsCapped ? '1 new entry' : `${countWords(newer, newerIsCapped)} new entries`}{' '}
          since this list was opened.{' '}
          <button
            type="button"
            className="button"
            onClick={() => void showNewer()}
            data-testid="journal-show-newer"
          >
            Show {newer === 1 ? 'it' : 'them'}
          </button>
        </p>
      )}
      <ReadStateNotices
        state={state}
        what="The journal"
        error={error}
        since={null}
        onRetry={() => void open(profileId)}
        retrying={loading}
        skeleton={{ rows: 6, columns: 6, label: 'Loading the journal…' }}
      />
      <div className={`journal__body${detailsOpen ? ' journal__body--details' : ''}`}>
        {state === 'empty' && (
          <EmptyState
            title={filtered ? 'No entry matches these filters.' : 'Nothing recorded yet for this profile.'}
          >
            <p>
              {filtered
                ? 'Clear a filter or widen the period.'
                : `Invoices, withdrawals and wallets created ${from} appear here as soon as they are sent.`}
            </p>
          </EmptyState>
        )}
        {(state === 'ready' || state === 'stale') && (
          <p className="journal__count muted" aria-live="polite" data-testid="journal-count">
            {countWords(total ?? 0, totalIsCapped)} {total === 1 && !totalIsCapped ? 'entry' : 'entries'}
            {filtered ? ' match the filters' : ''}
          </p>
        )}
        {(state === 'ready' || state === 'stale') && <JournalTable names={names} brokenEntry={brokenEntry} />}
        <EntryDetails />
      </div>
    </section>
  );
}
