import { useEffect, useState } from 'react';
import type { TeamEntryWho } from '@contract';
import { callMerchant } from '../../lib/ipc';
import { timeToSecond } from './journal-words';
import { useTeamStore } from '../../stores/team-store';

/** Words for one step of an entry's history as the server recorded it. */
const STEP_WORDS: Record<string, string> = {
  begin: 'Recorded and sent',
  intent: 'Recorded, not sent',
  claim: 'Claimed to send',
  settle: 'Answer recorded',
  recovered: 'Marked unknown at restart',
  webhook: 'Webhook applied',
  resolve: 'Resolved',
  match: 'Matched to a webhook',
};

/**
 * Who did each step of an entry, on a desk of a team: the desk and the person the team's server
 * recorded (its own session user), never what a desk says of itself. Nothing for a desk on no team.
 */
export function EntryWho({ id }: { id: string }) {
  const joined = useTeamStore((s) => s.status?.joined === true);
  const [who, setWho] = useState<TeamEntryWho | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (!joined) return;
    let current = true;
    setWho(null);
    setFailed(null);
    void callMerchant((api) => api.team.entryWho({ id })).then((result) => {
      if (!current) return;
      if (result.ok) setWho(result.data);
      else setFailed(result.error.message);
    });
    return () => {
      current = false;
    };
  }, [id, joined]);
  if (!joined) return null;
  return (
    <section className="team-who" aria-labelledby={`team-who-${id}`} data-testid="team-who">
      <h3 id={`team-who-${id}`}>Who</h3>
      {failed && (
        <p className="muted">Who did what is on the team’s server, which did not answer: {failed}</p>
      )}
      {!failed && who === null && <p className="muted">Asking the team’s server…</p>}
      {who && who.steps.length === 0 && <p className="muted">The team’s server has no step of this entry.</p>}
      {who && who.steps.length > 0 && (
        <ol className="team-who__steps">
          {who.steps.map((step, i) => (
            <li key={`${step.type}-${i}`} data-type={step.type}>
              <time className="muted" dateTime={step.at} title={step.at}>
                {timeToSecond(step.at)}
              </time>
              <br />
              <strong>{STEP_WORDS[step.type] ?? step.type}</strong> by{' '}
              <span data-testid="team-who-person">{step.person ?? 'a person not recorded'}</span> on desk “
              <span data-testid="team-who-desk">{step.desk ?? 'unknown'}</span>”
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
