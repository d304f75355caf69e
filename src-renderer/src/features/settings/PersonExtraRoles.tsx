import type { TeamPeople } from '@contract';
import { callMerchant, type ErrorInfo } from '../../lib/ipc';

type Person = TeamPeople['people'][number];
const EXTRA = ['approver', 'auditor'] as const;

/**
 * Approver and auditor, held beside a person's level (issue 28 item 1). An admin ticks them, and main
 * asks in its own window before the ledger changes; everyone else reads them. The ledger refuses
 * anyone but an admin whatever is sent.
 */
export function PersonExtraRoles({
  person,
  admin,
  onPeople,
  onError,
  onDeclined,
}: {
  person: Person;
  admin: boolean;
  onPeople: (people: Person[]) => void;
  onError: (error: ErrorInfo) => void;
  onDeclined: (words: string) => void;
}) {
  const held = person.also ?? [];
  if (!admin) return held.length > 0 ? <span className="muted">{` · also ${held.join(', ')}`}</span> : null;
  const grant = async (role: (typeof EXTRA)[number], holds: boolean) => {
    const result = await callMerchant((api) => api.team.grantRole({ person: person.person, role, holds }));
    if (result.ok) onPeople(result.data.people);
    else if (result.error.kind === 'declined-in-main')
      onDeclined(`${person.person}’s ${role} role was not changed.`);
    else onError(result.error);
  };
  return (
    <span className="team-list__roles">
      {EXTRA.map((role) => (
        <label key={role} className="team-list__role">
          <input
            type="checkbox"
            checked={held.includes(role)}
            onChange={(e) => void grant(role, e.target.checked)}
            data-testid={`role-${role}-${person.person}`}
          />
          {role}
        </label>
      ))}
    </span>
  );
}
