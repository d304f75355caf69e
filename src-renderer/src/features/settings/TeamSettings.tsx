import { Suspense, useState } from 'react';
import { ErrorNotice, LoadingSkeleton } from '../../components/StateViews';
import { callMerchant, type ErrorInfo } from '../../lib/ipc';
import { named } from '../../lib/lazy-named';
// The policy editor's styles stay with Settings' own, in their order, while its code loads lazily.
import './policy.css';
import { TeamJoinForm } from './TeamJoinForm';
import { useTeamStore } from '../../stores/team-store';
import { ProfilesApartNotice } from './ProfilesApartNotice';
import './team.css';

// Drawn only on a team's desk: loaded then (team-joined-parts.ts).
const joinedParts = () => import('./team-joined-parts');
const TeamAdmin = named(joinedParts, 'TeamAdmin');
const TeamAccessAdmin = named(joinedParts, 'TeamAccessAdmin');
const ApprovalPolicy = named(joinedParts, 'ApprovalPolicy');

/** Settings → Team: join one, or see the team this desk records money in, and leave it. */
export function TeamSettings() {
  const status = useTeamStore((s) => s.status);
  const setStatus = useTeamStore((s) => s.set);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const leave = async () => {
    const result = await callMerchant((api) => api.team.leave());
    if (result.ok) {
      setStatus(result.data);
      setError(null);
    } else setError(result.error);
  };
  return (
    <section className="panel team-settings" aria-labelledby="team-title" data-testid="team-settings">
      <h2 id="team-title">Team</h2>
      {status === null && <LoadingSkeleton rows={2} label="Loading the team…" />}
      {status && !status.joined && <TeamJoinForm />}
      {status?.joined && (
        <>
          <p data-testid="team-words">{status.words}</p>
          <dl className="team-facts">
            <div>
              <dt>Ledger</dt>
              <dd className="mono">{status.server ?? '—'}</dd>
            </div>
            <div>
              <dt>This desk</dt>
              <dd>{status.desk ?? '—'}</dd>
            </div>
            <div>
              <dt>You</dt>
              <dd>
                {status.person ?? '—'}
                {status.role ? ` (${status.role})` : ''}
              </dd>
            </div>
          </dl>
          <ProfilesApartNotice />
          {status.connection === 'online' && (
            <Suspense fallback={<LoadingSkeleton rows={2} label="Loading the team…" />}>
              <TeamAdmin admin={status.role === 'admin'} />
              <TeamAccessAdmin admin={status.role === 'admin'} />
              <ApprovalPolicy />
            </Suspense>
          )}
          <div className="form__actions">
            <button type="button" className="button" onClick={() => void leave()} data-testid="team-leave">
              Leave the team…
            </button>
          </div>
          {error && <ErrorNotice title="This desk is still on the team." error={error} />}
        </>
      )}
    </section>
  );
}
