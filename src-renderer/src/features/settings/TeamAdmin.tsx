import { useCallback, useState } from 'react';
import type { TeamDesks, TeamPeople, TeamRole } from '@contract';
import { Field } from '../../components/forms/Field';
import { InlineForm } from '../../components/forms/InlineForm';
import { ErrorNotice } from '../../components/StateViews';
import { callMerchant, type ErrorInfo } from '../../lib/ipc';
import { formatZonedDateTime } from '../../lib/zoned-time';
import { EnrollDesk } from './EnrollDesk';
import { PersonExtraRoles } from './PersonExtraRoles';
import { useTeamReload } from './use-team-reload';

const ROLES: TeamRole[] = ['viewer', 'operator', 'admin'];

/**
 * The team: its desks and people for everyone to read; for an admin, revoking a desk, changing a
 * person's role and making an enrollment code. The server decides who may: these controls only spare
 * a non-admin the refusal.
 */
export function TeamAdmin({ admin }: { admin: boolean }) {
  const [desks, setDesks] = useState<TeamDesks['desks'] | null>(null);
  const [people, setPeople] = useState<TeamPeople['people'] | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const load = useCallback(async () => {
    const [d, p] = await Promise.all([
      callMerchant((api) => api.team.desks()),
      callMerchant((api) => api.team.people()),
    ]);
    if (d.ok) setDesks(d.data.desks);
    else setError(d.error);
    if (p.ok) setPeople(p.data.people);
    else setError(p.error);
  }, []);
  // Read again as the team changes, and after each action here.
  useTeamReload(load);
  const [note, setNote] = useState<string | null>(null);

  // Revoking asks why first, inline (the team sees the reason; Electron has no window.prompt).
  const [revoking, setRevoking] = useState<{ id: string; reason: string } | null>(null);
  const revoke = async () => {
    if (!revoking?.reason.trim()) return;
    setNote(null);
    // Main asks in its own window, naming the desk as the server knows it.
    const result = await callMerchant((api) => api.team.revokeDesk(revoking));
    if (result.ok) {
      setDesks(result.data.desks);
      setRevoking(null);
      setError(null);
    } else if (result.error.kind === 'declined-in-main') setNote('The desk was not revoked.');
    else setError(result.error);
    void load();
  };
  const setRole = async (person: string, role: TeamRole) => {
    const result = await callMerchant((api) => api.team.setRole({ person, role }));
    if (result.ok) setPeople(result.data.people);
    else setError(result.error);
    void load();
  };
  return (
    <div className="team-admin" data-testid="team-admin">
      <h3>Desks</h3>
      <ul className="team-list" data-testid="team-desks">
        {desks?.map((d) => (
          <li key={d.id} data-state={d.state}>
            <span className="team-list__name">
              {d.name}
              {d.thisDesk && <span className="muted"> (this desk)</span>}
            </span>
            <span className="muted">
              {d.state === 'revoked'
                ? `revoked by ${d.revokedBy ?? '?'}${d.revokeReason ? `: ${d.revokeReason}` : ''}`
                : `enrolled${d.enrolledBy ? ` by ${d.enrolledBy}` : ''}${d.enrolledAt ? ` ${formatZonedDateTime(d.enrolledAt)}` : ''}`}
            </span>
            {admin && d.state === 'active' && !d.thisDesk && revoking?.id !== d.id && (
              <button
                type="button"
                className="button button--small"
                onClick={() => setRevoking({ id: d.id, reason: '' })}
              >
                Revoke…
              </button>
            )}
            {revoking?.id === d.id && (
              <InlineForm className="team-code" label={`Revoke desk ${d.name}`} onSubmit={revoke}>
                <Field
                  label={`Why is desk “${d.name}” revoked?`}
                  hint="The team sees this reason"
                  value={revoking.reason}
                  onChange={(e) => setRevoking({ id: d.id, reason: e.target.value })}
                />
                <button type="submit" className="button" disabled={revoking.reason.trim() === ''}>
                  Revoke desk…
                </button>
                <button type="button" className="button" onClick={() => setRevoking(null)}>
                  Cancel
                </button>
              </InlineForm>
            )}
          </li>
        ))}
      </ul>
      <h3>People</h3>
      <ul className="team-list" data-testid="team-people">
        {people?.map((p) => (
          <li key={p.person}>
            <span className="team-list__name">{p.person}</span>
            {admin ? (
              <select
                aria-label={`Role of ${p.person}`}
                value={p.role}
                onChange={(e) => void setRole(p.person, e.target.value as TeamRole)}
              >
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
            ) : (
              <span className="muted">{p.role}</span>
            )}
            <PersonExtraRoles
              person={p}
              admin={admin}
              onPeople={setPeople}
              onError={setError}
              onDeclined={setNote}
            />
          </li>
        ))}
      </ul>
      <EnrollDesk admin={admin} onError={setError} onDone={load} />
      {note && (
        <p role="status" data-testid="team-admin-note">
          {note}
        </p>
      )}
      {error && <ErrorNotice title="The team’s server refused or did not answer." error={error} />}
    </div>
  );
}
