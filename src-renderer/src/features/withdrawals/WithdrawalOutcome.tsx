import type { ReactNode } from 'react';
import { notSent } from '@shared/plain-error';
import { useFocusOnArrival } from '../../lib/use-focus-on-arrival';
import { Amount } from '../../components/Money';
import { plainError } from '../../lib/plain-error';
import { TechnicalDetail } from '../../components/StateViews';
import type { ErrorInfo } from '../../lib/ipc';
import { liveState, type LiveState } from './withdrawal-words';
import { useWithdrawalsStore, type SendOutcome } from './withdrawals-store';
import { UnknownNotice } from '../../components/forms/UnknownNotice';

/** The accepted panel follows its entry as webhooks move it, so it never contradicts the list. */
const ACCEPTED_TITLE: Partial<Record<LiveState, string>> = {
  completed: 'Withdrawal completed: the service reported it paid',
  failed: 'Withdrawal failed: not paid',
};

type Names = ReadonlyMap<string, string>;

/** The service's own words for a refusal, when it gave any; the desk's words otherwise. */
function refusalWords(error: ErrorInfo): { said: string | null; next: string } {
  const fields = Object.entries(error.fieldErrors ?? {});
  if (error.kind === 'validation' && fields.length > 0)
    return {
      said: fields.map(([, messages]) => messages.join(' ')).join(' '),
      next: 'Correct the marked fields below and review again.',
    };
  if ((error.kind === 'controller' || error.kind === 'validation') && (error.httpStatus ?? 0) < 500)
    return { said: error.message, next: 'Change what it names (amount, pair or address) and review again.' };
  const plain = plainError(error);
  return { said: null, next: `${plain.cause} ${plain.next}`.trim() };
}

/**
 * Where the last send's outcome appears; focus moves to it when a new one arrives so it is heard.
 * Unknown is carried by the screen's banner above (it stays until resolved), so here it only points there.
 */
export function WithdrawalOutcome({ names }: { names: Names }) {
  const outcome = useWithdrawalsStore((s) => s.outcome);
  const region = useFocusOnArrival(outcome, (o) => o.kind !== 'duplicate');
  return (
    <div ref={region} tabIndex={-1} className="withdrawal-outcome" data-testid="withdrawal-outcome">
      {outcome && outcome.kind !== 'duplicate' && <OutcomeBody outcome={outcome} names={names} />}
    </div>
  );
}

function OutcomeBody({ outcome, names }: { outcome: SendOutcome; names: Names }) {
  const startAnother = useWithdrawalsStore((s) => s.startAnother);
  const journalId =
    outcome.kind === 'duplicate' ? null : outcome.kind === 'submitted' ? outcome.id : outcome.journalId;
  const entry = useWithdrawalsStore((s) => s.entries?.find((e) => e.id === journalId));
  const coin = outcome.sent.coin.toUpperCase();
  const network = names.get(outcome.sent.network) ?? outcome.sent.network.toUpperCase();
  const what = <Amount value={outcome.sent.amount} unit={coin} network={network} />;
  if (outcome.kind === 'unknown')
    return (
      <UnknownNotice title={<>The answer about {what} did not arrive.</>} testId="withdrawal-unknown-outcome">
        <p>Read the warning at the top of this screen before doing anything else. What you typed is kept.</p>
      </UnknownNotice>
    );
  if (outcome.kind === 'submitted') return <SubmittedBody outcome={outcome} what={what} />;
  if (outcome.kind === 'rejected') {
    const { said, next } = refusalWords(outcome.error);
    return (
      <div className="notice notice--error" role="alert" data-testid="withdrawal-rejected" data-state="error">
        <p className="notice__title">
          {notSent(outcome.error) ? (
            <>Not sent: {what} never left this desk (the service could not be reached).</>
          ) : (
            <>Not sent: {what} was refused.</>
          )}
        </p>
        {said && (
          <p>
            The service said: <q data-testid="withdrawal-refusal">{said}</q>
          </p>
        )}
        <p>
          {outcome.journalId ? 'Nothing was withdrawn. ' : 'Nothing was sent to the service. '}
          {next} What you typed is kept.
        </p>
        <TechnicalDetail error={outcome.error} />
      </div>
    );
  }
  if (outcome.kind !== 'accepted') return null;
  const id = readId(outcome.data);
  const state = entry ? liveState(entry) : 'pending';
  const title = ACCEPTED_TITLE[state] ?? 'Withdrawal accepted: in progress — not paid yet';
  return (
    <section
      className={`panel withdrawal-accepted withdrawal-accepted--${state}`}
      aria-labelledby="withdrawal-accepted-title"
      data-testid="withdrawal-accepted"
      data-state={state}
    >
      <h2 id="withdrawal-accepted-title">{title}</h2>
      <p>
        The service accepted {what}.{' '}
        {ACCEPTED_TITLE[state]
          ? 'Its webhook settled it; the list below shows the same.'
          : 'The coins are not there yet: its webhook will say when it was completed or failed.'}
      </p>
      <p className="muted">
        {id ? `Withdrawal id ${id} · ` : ''}Journal entry {outcome.journalId}
      </p>
      {outcome.warnings.length > 0 && (
        <div className="notice notice--warn" data-testid="withdrawal-warnings">
          <p className="notice__title">The service’s answer was not complete:</p>
          <ul>
            {outcome.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      )}
      <button type="button" className="button" onClick={startAnother} data-testid="withdrawal-another">
        New withdrawal
      </button>
    </section>
  );
}

const SUBMITTED_WORDS: Record<'drafted' | 'submitted' | 'approved' | 'rejected', string> = {
  drafted: 'It is recorded on the team’s ledger as a draft; it is not submitted yet.',
  submitted: 'It waits for the approvals the team’s policy requires; the Approvals screen shows them.',
  approved: 'The team’s policy approves it without a second person: a treasury desk sends it.',
  rejected: 'The team’s policy rejected it: it will not be sent.',
};

/** Submitted for approval (issue 28): nothing left the desk; the ledger holds it until it is approved. */
function SubmittedBody({
  outcome,
  what,
}: {
  outcome: Extract<SendOutcome, { kind: 'submitted' }>;
  what: ReactNode;
}) {
  const startAnother = useWithdrawalsStore((s) => s.startAnother);
  return (
    <section
      className="panel withdrawal-accepted"
      aria-labelledby="withdrawal-submitted-title"
      data-testid="withdrawal-submitted"
      data-state={outcome.status}
    >
      <h2 id="withdrawal-submitted-title">Submitted for approval: not sent yet</h2>
      <p>
        {what} is withdrawal #{outcome.id} on the team’s ledger. {SUBMITTED_WORDS[outcome.status]}
      </p>
      <p className="muted">
        Until a treasury desk sends it, it is on the Approvals screen with its history; then its Journal entry
        shows every step, from drafted to settled.
      </p>
      <button type="button" className="button" onClick={startAnother} data-testid="withdrawal-another">
        New withdrawal
      </button>
    </section>
  );
}

function readId(data: unknown): string | null {
  const record = data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const value = record.withdrawal_id;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}
