import type { TeamEntryWho } from '@contract';
import { formatZonedDateTime } from '../lib/zoned-time';
import './entry-who.css';

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
  rate: 'USD value recorded',
  // A withdrawal's approval (issue 28): one timeline from drafted to settled.
  'approvals.draft': 'Drafted for approval',
  'approvals.submit': 'Submitted for approval',
  'approvals.approve': 'Approved',
  'approvals.reject': 'Rejected',
  'approvals.revise': 'Changed',
};

const at = (iso: string) => (
  <time className="muted" dateTime={iso} title={iso}>
    {formatZonedDateTime(iso)}
  </time>
);

/**
 * Who did each step of an entry on a desk of a team: the desk and the person the team's server
 * recorded (its own session user), never what a desk says of itself; and which desk holds the send.
 */
export function EntryWhoView({
  headingId,
  who,
  failed,
}: {
  headingId: string;
  who: TeamEntryWho | null;
  failed: string | null;
}) {
  return (
    <section className="team-who" aria-labelledby={headingId} data-testid="team-who">
      <h3 id={headingId}>Who</h3>
      {failed && (
        <p className="muted">Who did what is on the team’s server, which did not answer: {failed}</p>
      )}
      {!failed && who === null && <p className="muted">Asking the team’s server…</p>}
      {who && who.steps.length === 0 && (
        <p className="muted" data-testid="team-who-none">
          The team’s server has no record of this {who.entryId === null ? 'in its ledger' : 'entry’s steps'}.
        </p>
      )}
      {who?.approval && (
        <p data-testid="team-who-approval">
          <strong>{who.approval}</strong>
        </p>
      )}
      {who?.claim && (
        <p data-testid="team-who-claim">
          Sent from desk “{who.claim.desk}” by {who.claim.person}, claimed {at(who.claim.at)}
        </p>
      )}
      {who && who.steps.length > 0 && (
        <ol className="team-who__steps">
          {who.steps.map((step, i) => (
            <li key={`${step.type}-${i}`} data-type={step.type}>
              {at(step.at)}
              <br />
              <strong>{STEP_WORDS[step.type] ?? step.type}</strong> by{' '}
              <span data-testid="team-who-person">{step.person ?? 'a person not recorded'}</span> on desk “
              <span data-testid="team-who-desk">{step.desk ?? 'unknown'}</span>”
              {step.note && (
                <>
                  <br />
                  <span data-testid="team-who-note">{step.note}</span>
                </>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
