import { ProfileNote } from '../../components/forms/FormActions';
import { ScreenHeader } from '../../components/ScreenHeader';
import { ErrorNotice, LoadingSkeleton } from '../../components/StateViews';
import { formatZonedDateTime } from '../../lib/zoned-time';
import { screenState } from '../../lib/screen-state';
import { selectActiveProfile, useShellStore } from '../../stores/shell-store';
import { useNetworkNames } from '../../stores/use-network-names';
import { useRefusedWrite } from '../../stores/use-refused-write';
import { AssetTable } from './AssetTable';
import { CloseForm } from './CloseForm';
import { Coverage } from './Coverage';
import { EarlierSessions } from './EarlierSessions';
import { MonthClose } from './MonthClose';
import { OpenItems } from './OpenItems';
import { ReconcileHelp } from './ReconcileHelp';
import { SessionPeople } from './SessionPeople';
import { StartForm } from './StartForm';
import { useReconcileStore } from './reconcile-store';
import './reconcile.css';
import { countOf } from '../../lib/humanize';
import { BooksExport } from '../../components/books/BooksExport';
import { PrintReport } from '../../components/books/PrintReport';
import { NotAllowed } from '../../components/WriteArea';

/** A reconciliation session: every balance change of a period explained, or flagged, then closed by a named person. */
export function ReconcileScreen() {
  const profile = useShellStore(selectActiveProfile);
  const names = useNetworkNames();
  const s = useReconcileStore();
  const session = s.session && s.session.profileId === profile?.id ? s.session : null;
  const starting = s.busy === 'start';
  const state = starting ? 'loading' : screenState({ data: session, error: s.error });
  // Main's answer on a team: a viewer reads the sessions, and is offered nothing that records one.
  const refused = useRefusedWrite('reconcile');
  const open = session?.state === 'open' && !refused;
  return (
    <section className="screen reconcile" data-testid="reconcile-screen">
      <ScreenHeader title="Reconcile" />
      {profile && <ProfileNote profile={profile} />}
      <p className="muted">
        Show that every change of your balances in a period is explained, then close it by name.
      </p>
      <ReconcileHelp />
      {refused && <NotAllowed area="reconcile" why={refused} />}
      {refused ? (
        <EarlierSessions profileId={profile?.id ?? null} readOnly />
      ) : s.guide ? (
        <MonthClose session={session} />
      ) : (
        <>
          <p>
            <button
              type="button"
              className="button button--primary"
              onClick={s.openGuide}
              data-testid="recon-month-open"
            >
              Close a month…
            </button>{' '}
            <span className="muted">Guided: coverage first, then open items, differences and the close.</span>
          </p>
          <StartForm />
          <EarlierSessions profileId={profile?.id ?? null} />
        </>
      )}
      {state === 'loading' && starting && (
        <LoadingSkeleton label="Reading balances and computing the session…" rows={3} columns={7} />
      )}
      {state === 'error' && s.error && (
        <ErrorNotice
          error={s.error}
          title="The session could not be started"
          sent="Nothing was sent to the service; no session was recorded."
        />
      )}
      {session && !starting && !s.guide && (
        <div className="recon-session" data-testid="recon-session" data-state={session.state}>
          <h2>
            Session {session.id}: {formatZonedDateTime(session.period.from)} –{' '}
            {formatZonedDateTime(session.period.to)}
          </h2>
          {session.startedBy && (
            <p className="muted" data-testid="recon-started-by">
              Started by {session.startedBy} (the name signed in to the computer that started it)
            </p>
          )}
          <p className="recon-asof" data-testid="recon-asof">
            Figures as of {formatZonedDateTime(session.asOf)} · journal{' '}
            {session.chain.ok ? `intact · ${countOf(session.chain.events, 'event')}` : 'chain DID NOT VERIFY'}
            {open && (
              <>
                {' '}
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => void s.refresh()}
                  data-testid="recon-refresh"
                >
                  Refresh figures
                </button>
              </>
            )}
          </p>
          <SessionPeople id={session.id} version={`${session.state}:${session.asOf}`} />
          {session.lines.length === 0 ? (
            <p className="muted">
              No balance snapshot and no movement for this profile yet: open Overview to read the balances.
            </p>
          ) : (
            <>
              <Coverage lines={session.lines} names={names} />
              <AssetTable lines={session.lines} names={names} />
            </>
          )}
          <h2>Open items</h2>
          <OpenItems items={session.items} open={open} />
          {s.actionError && (
            <ErrorNotice
              error={s.actionError}
              title="That was not recorded"
              sent="Nothing was changed in the session."
            />
          )}
          {session.state === 'open' ? (
            open && <CloseForm session={session} />
          ) : (
            <div
              className={session.closed?.withExceptions ? 'notice notice--warn' : 'notice notice--good'}
              data-testid="recon-closed"
            >
              <p className="notice__title">
                Closed {session.closed?.withExceptions ? 'with exceptions ' : ''}by {session.closed?.by},{' '}
                {session.closed ? formatZonedDateTime(session.closed.at) : ''}
              </p>
              <p>“{session.closed?.note}”</p>
              {session.exceptions.length > 0 && (
                <>
                  <p>Exceptions recorded with the close:</p>
                  <ul data-testid="recon-closed-exceptions">
                    {session.exceptions.map((e) => (
                      <li key={e}>{e}</li>
                    ))}
                  </ul>
                </>
              )}
              <button
                type="button"
                className="button"
                onClick={() => void s.exportReport()}
                disabled={s.busy === 'export'}
                data-testid="recon-export"
              >
                Export report (CSV + summary)
              </button>
              {s.exported && (
                <p role="status" data-testid="recon-exported">
                  Saved {s.exported.rows} rows to {s.exported.path}, summary beside it.
                  {profile?.environment === 'sandbox' && ' SANDBOX — not real money.'}
                </p>
              )}
              <PrintReport sessionId={session.id} />
              <BooksExport sessionId={session.id} sandbox={profile?.environment === 'sandbox'} />
            </div>
          )}
        </div>
      )}
    </section>
  );
}
