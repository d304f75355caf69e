import { useCallback, useState, type FormEvent } from 'react';
import type { TeamCode, TeamDesks, TeamPeople, TeamRole } from '@contract';
import { EXACT_TEXT } from '../../components/forms/bind';
import { Field } from '../../components/forms/Field';
import { ErrorNotice } from '../../components/StateViews';
import { callMerchant, type ErrorInfo } from '../../lib/ipc';
import { formatZonedDateTime } from '../../lib/zoned-time';
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
  const [code, setCode] = useState<TeamCode | null>(null);
  const [deskName, setDeskName] = useState('');
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
  const revoke = async (e: FormEvent) => {
    e.preventDefault();
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
  const makeCode = async (e: FormEvent) => {
    e.preventDefault();
    const result = await callMerchant((api) => api.team.makeCode({ deskName, hours: 24 }));
    if (result.ok) {
      setCode(result.data);
      setDeskName('');
    } else setError(result.error);
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
              <form
                className="team-code"
                onSubmit={(e) => void revoke(e)}
                aria-label={`Revoke desk ${d.name}`}
              >
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
              </form>
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
      {admin && (
        <form className="team-code" onSubmit={(e) => void makeCode(e)} aria-label="Enroll a desk">
          <Field
            label="New desk’s name"
            hint="The code is for this desk only, once, within 24 hours"
            value={deskName}
            onChange={(e) => setDeskName(e.target.value)}
            {...EXACT_TEXT}
          />
          <button type="submit" className="button" disabled={deskName.trim() === ''}>
            Make an enrollment code
          </button>
        </form>
      )}
      {code && (
        <p role="status" data-testid="team-code">
          Code for desk “{code.deskName}” (valid {code.hours} h, once):{' '}
          <code className="mono">{code.code}</code>
        </p>
      )}
      {note && (
        <p role="status" data-testid="team-admin-note">
          {note}
        </p>
      )}
      {error && <ErrorNotice title="The team’s server refused or did not answer." error={error} />}
    </div>
  );
}
