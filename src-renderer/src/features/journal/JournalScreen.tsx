import { useEffect } from 'react';
import { EnvironmentNote } from '../../components/EnvironmentNote';
import { ScreenHeader } from '../../components/ScreenHeader';
import { EmptyState, ReadStateNotices } from '../../components/StateViews';
import { subscribe } from '../../lib/ipc';
import { screenState } from '../../lib/screen-state';
import { selectActiveProfile, useShellStore } from '../../shell/shell-store';
import { useNetworkNames } from '../../stores/use-network-names';
import { EntryDetails } from './EntryDetails';
import { ExportResult, VerifyResult } from './JournalActions';
import { JournalFilters } from './JournalFilters';
import { JournalTable } from './JournalTable';
import { PinnedUnknowns } from './PinnedUnknowns';
import { useJournalStore } from './journal-store';
import './journal.css';

/** The journal as a ledger: every write of this profile with its state, details, decisions, chain and export. */
export function JournalScreen() {
  const profileId = useShellStore((s) => s.activeId);
  const profile = useShellStore(selectActiveProfile);
  const s = useJournalStore();
  const names = useNetworkNames();
  const { open, changed } = s;

  useEffect(() => {
    void open(profileId);
  }, [open, profileId]);
  useEffect(() => subscribe('journal:changed', ({ id }) => void changed(id)), [changed]);

  const filtered = Object.keys(s.filter).length > 0;
  const state = screenState({ data: s.total, error: s.error, isEmpty: s.total === 0 });
  const brokenEntry = s.verify.result?.ok === false ? (s.verify.result.brokenEntry ?? null) : null;

  return (
    <section className="screen journal" data-testid="journal-screen" data-state={state}>
      <ScreenHeader title="Journal">
        <button
          type="button"
          className="button"
          onClick={() => void s.verifyChain()}
          disabled={s.verify.busy}
          aria-busy={s.verify.busy}
          data-testid="journal-verify"
        >
          {s.verify.busy ? 'Verifying…' : 'Verify chain'}
        </button>
        <button
          type="button"
          className="button"
          onClick={() => void s.exportCsv()}
          disabled={s.exported.busy || !s.total}
          aria-busy={s.exported.busy}
          data-testid="journal-export"
        >
          {s.exported.busy
            ? 'Exporting…'
            : `Export ${filtered ? 'these ' : ''}${(s.total ?? 0).toLocaleString()} ${s.total === 1 ? 'row' : 'rows'} (CSV)`}
        </button>
      </ScreenHeader>
      {profile && (
        <div className="journal__env">
          <EnvironmentNote
            environment={profile.environment}
            profileName={profile.name}
            merchantId={profile.merchantId}
          />
          <p className="muted">
            Every request this desk sent for this profile, newest first, with what came of it.
          </p>
        </div>
      )}
      <VerifyResult />
      {profile && <ExportResult environment={profile.environment} />}
      <PinnedUnknowns names={names} />
      <JournalFilters names={names} />
      {s.newer > 0 && (
        <p className="journal__newer" role="status">
          {s.newer === 1 ? '1 new entry' : `${s.newer} new entries`} since this list was opened.{' '}
          <button
            type="button"
            className="button"
            onClick={() => void s.showNewer()}
            data-testid="journal-show-newer"
          >
            Show {s.newer === 1 ? 'it' : 'them'}
          </button>
        </p>
      )}
      <ReadStateNotices
        state={state}
        what="The journal"
        error={s.error}
        since={null}
        onRetry={() => void s.open(profileId)}
        retrying={s.loading}
        skeleton={{ rows: 6, columns: 6, label: 'Loading the journal…' }}
      />
      <div className={`journal__body${s.details ? ' journal__body--details' : ''}`}>
        {state === 'empty' && (
          <EmptyState
            title={filtered ? 'No entry matches these filters.' : 'Nothing recorded yet for this profile.'}
          >
            <p>
              {filtered
                ? 'Clear a filter or widen the period.'
                : 'Invoices, withdrawals and wallets created from this desk appear here as soon as they are sent.'}
            </p>
          </EmptyState>
        )}
        {(state === 'ready' || state === 'stale') && (
          <p className="journal__count muted" aria-live="polite" data-testid="journal-count">
            {(s.total ?? 0).toLocaleString()} {s.total === 1 ? 'entry' : 'entries'}
            {filtered ? ' match the filters' : ''}
          </p>
        )}
        {(state === 'ready' || state === 'stale') && <JournalTable names={names} brokenEntry={brokenEntry} />}
        <EntryDetails />
      </div>
    </section>
  );
}
