import { useCallback, useState } from 'react';
import type { ErrorInfo, IpcResult, TeamAccess, TeamDesks, TeamPeople } from '@contract';
import { EXACT_TEXT } from '../../components/forms/bind';
import { ChoiceOptions, Field, SelectField } from '../../components/forms/Field';
import { ErrorNotice } from '../../components/StateViews';
import { callMerchant } from '../../lib/ipc';
import { useTeamReload } from './use-team-reload';
import { InlineForm } from '../../components/forms/InlineForm';

/**
 * Treasury desks and the policy's groups (issue 28 item 4), for everyone on the team to read. An
 * admin names the desks allowed to hold the API key and each group's members; main confirms every
 * change in its own window and the team's ledger refuses anyone else whatever is sent.
 */
export function TeamAccessAdmin({ admin }: { admin: boolean }) {
  const [access, setAccess] = useState<TeamAccess | null>(null);
  const [desks, setDesks] = useState<TeamDesks['desks']>([]);
  const [people, setPeople] = useState<TeamPeople['people']>([]);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState({ group: '', person: '' });
  const load = useCallback(async () => {
    const [a, d, p] = await Promise.all([
      callMerchant((api) => api.team.access()),
      callMerchant((api) => api.team.desks()),
      callMerchant((api) => api.team.people()),
    ]);
    if (a.ok) setAccess(a.data);
    if (d.ok) setDesks(d.data.desks.filter((desk) => desk.state === 'active'));
    if (p.ok) setPeople(p.data.people);
    setError(a.ok ? (d.ok ? (p.ok ? null : p.error) : d.error) : a.error);
  }, []);
  useTeamReload(load);
  const act = async (call: () => Promise<IpcResult<TeamAccess>>) => {
    setBusy(true);
    const result = await call();
    setBusy(false);
    if (result.ok) setAccess(result.data);
    setError(result.ok ? null : result.error);
    return result.ok;
  };
  const addMember = async () => {
    const request = { group: adding.group.trim(), person: adding.person, member: true };
    if (await act(() => callMerchant((api) => api.team.setGroupMember(request))))
      setAdding({ group: '', person: '' });
  };
  const treasury = new Set(access?.treasuryDesks ?? []);

  return (
    <div className="team-admin" data-testid="team-access">
      <h3>Treasury desks</h3>
      <p className="muted">
        {treasury.size === 0
          ? 'No desk is named: every desk of the team may hold the API key and send approved withdrawals.'
          : 'Only these desks may hold the API key and send approved withdrawals; every other desk works through the team’s ledger.'}
      </p>
      <ul className="team-list" data-testid="team-treasury">
        {desks.map((desk) => {
          const holds = treasury.has(desk.id);
          return (
            <li key={desk.id} data-testid={`treasury-${desk.id}`}>
              <span className="team-list__name">
                {desk.name}
                {desk.thisDesk && <span className="muted"> (this desk)</span>}
              </span>
              <span className="muted">
                {holds ? 'treasury desk: holds the key' : 'does not hold the key'}
              </span>
              {admin && (
                <button
                  type="button"
                  className="button button--small"
                  disabled={busy}
                  onClick={() =>
                    void act(() =>
                      callMerchant((api) => api.team.setTreasuryDesk({ deskId: desk.id, holdsKey: !holds })),
                    )
                  }
                  data-testid={`treasury-toggle-${desk.id}`}
                >
                  {holds ? 'Stop holding the key…' : 'Make it a treasury desk…'}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <h3>Groups</h3>
      <p className="muted">Policy rules name groups: who prepared a withdrawal, and whose approvals count.</p>
      {access && access.groups.length === 0 && <p data-testid="team-groups-empty">No group is named yet.</p>}
      <ul className="team-list" data-testid="team-groups">
        {access?.groups.map((group) => (
          <li key={group.name} data-testid={`group-${group.name}`}>
            <span className="team-list__name">{group.name}</span>
            {group.members.length === 0 && <span className="muted">no members</span>}
            {group.members.map((person) => (
              <span key={person}>
                {person}
                {admin && (
                  <button
                    type="button"
                    className="button button--small"
                    disabled={busy}
                    aria-label={`Take ${person} out of ${group.name}`}
                    onClick={() =>
                      void act(() =>
                        callMerchant((api) =>
                          api.team.setGroupMember({ group: group.name, person, member: false }),
                        ),
                      )
                    }
                    data-testid={`group-${group.name}-remove-${person}`}
                  >
                    Take out…
                  </button>
                )}
              </span>
            ))}
          </li>
        ))}
      </ul>
      {admin && (
        <InlineForm className="team-code" label="Add a person to a group" onSubmit={addMember}>
          <Field
            label="Group"
            hint="Lower-case letters, digits, - or _"
            value={adding.group}
            onChange={(e) => setAdding((a) => ({ ...a, group: e.target.value }))}
            {...EXACT_TEXT}
            data-testid="group-name"
          />
          <SelectField
            label="Person"
            value={adding.person}
            onChange={(e) => setAdding((a) => ({ ...a, person: e.target.value }))}
            data-testid="group-person"
          >
            <ChoiceOptions
              empty="Choose…"
              choices={people.map((p) => ({ value: p.person, label: p.person }))}
            />
          </SelectField>
          <button
            type="submit"
            className="button"
            disabled={busy || adding.group.trim() === '' || adding.person === ''}
            data-testid="group-add"
          >
            Add to the group…
          </button>
        </InlineForm>
      )}
      {error && <ErrorNotice title="The team’s server refused or did not answer." error={error} />}
    </div>
  );
}
