import { useState } from 'react';
import { ErrorNotice, LoadingSkeleton } from '../../components/StateViews';
import { callMerchant, type ErrorInfo } from '../../lib/ipc';
import { ApprovalPolicy } from './ApprovalPolicy';
import { TeamAccessAdmin } from './TeamAccessAdmin';
import { TeamAdmin } from './TeamAdmin';
import { TeamJoinForm } from './TeamJoinForm';
import { useTeamStore } from '../../stores/team-store';
import { ProfilesApartNotice } from './ProfilesApartNotice';
import './team.css';

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
          {status.connection === 'online' && <TeamAdmin admin={status.role === 'admin'} />}
          {status.connection === 'online' && <TeamAccessAdmin admin={status.role === 'admin'} />}
          {status.connection === 'online' && <ApprovalPolicy />}
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
