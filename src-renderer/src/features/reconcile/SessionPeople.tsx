import { useEffect, useState } from 'react';
import type { ReconSessionPeople } from '@contract';
import { callMerchant } from '../../lib/ipc';
import { formatZonedDateTime } from '../../lib/zoned-time';

type Step = ReconSessionPeople['started'];

const by = (step: Step) => (
  <>
    {step.person} on desk “{step.deskName}”,{' '}
    <time dateTime={step.at} title={step.at}>
      {formatZonedDateTime(step.at)}
    </time>
  </>
);

/**
 * Who started, reviewed and closed the session: on a team, the logins and desks its server recorded;
 * on a desk alone, this computer's account and name. Asked again when the session moves (`version`).
 */
export function SessionPeople({ id, version }: { id: string; version: string }) {
  const [people, setPeople] = useState<ReconSessionPeople | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void callMerchant((api) => api.reconcile.people({ id })).then((result) => {
      if (!current) return;
      if (result.ok) {
        setPeople(result.data);
        setFailed(null);
      } else setFailed(result.error.message);
    });
    return () => {
      current = false;
    };
  }, [id, version]);
  if (failed) return <p className="muted">Who worked on this session could not be read: {failed}</p>;
  if (!people) return null;
  return (
    <ul className="recon-people muted" data-testid="recon-people">
      <li data-testid="recon-people-started">Started by {by(people.started)}</li>
      {people.reviews.map((r) => (
        <li key={r.itemKey} data-testid="recon-people-review">
          Item {r.itemKey} reviewed by {by(r)}
        </li>
      ))}
      {people.closed && <li data-testid="recon-people-closed">Closed by {by(people.closed)}</li>}
    </ul>
  );
}
