import type { JournalEntryDetails } from '@contract';
import { ErrorNotice } from '../../components/StateViews';
import { useRefusedWrite } from '../../stores/use-refused-write';
import { PersonDecision } from './PersonDecision';
import { useJournalStore } from './journal-store';
import { TitledSection } from '../../components/TitledSection';
import { UnknownMark } from '../../components/forms/UnknownNotice';

const NOTHING_CHANGED = 'The entry was not changed: it is still unknown.';

/**
 * An unknown outcome (UX rule 5): amber and in words, what evidence exists, one click where it
 * does, otherwise a person's decision with a reason. Nothing here sends the operation again, except
 * the invoice check, which says so before it is pressed.
 */
export function ResolvePanel({ details }: { details: JournalEntryDetails }) {
  const { evidence, entry } = details;
  const byEvidence = useJournalStore((s) => s.resolveByEvidence);
  const checkInvoice = useJournalStore((s) => s.checkInvoice);
  const resolvePerson = useJournalStore((s) => s.resolveByPerson);
  const resolving = useJournalStore((s) => s.resolving);
  const none = evidence.webhooks.length === 0 && !evidence.invoiceCheck;
  // Main's answer on a team: a viewer sees the evidence, and an operator or admin decides.
  const refused = useRefusedWrite('journal');
  return (
    <TitledSection
      name="journal-resolve"
      className="notice notice--unknown journal-resolve"
      level={3}
      titleClass="notice__title"
      title={
        <>
          <UnknownMark />
          We don’t know whether this was done. Do not send it again.
        </>
      }
    >
      <p>
        The answer never arrived. Merchant Desk does not retry it; it waits for evidence or for your decision.
      </p>
      <h4>Evidence</h4>
      {none && (
        <p data-testid="journal-no-evidence">
          No evidence has arrived: no verified webhook describes this entry
          {entry.operation === 'createWalletAddress' ? ', and wallet creation sends none' : ''}. Check with
          the service (its dashboard or support), then decide below.
        </p>
      )}
      {evidence.webhooks.map((w) => (
        <div key={w.deliveryId} className="journal-evidence" data-testid="journal-evidence-webhook">
          <p>{w.summary}</p>
          {!refused && (
            <button
              type="button"
              className="button"
              disabled={resolving.busy}
              onClick={() => void byEvidence(w.deliveryId)}
            >
              Resolve as done by this webhook
            </button>
          )}
        </div>
      ))}
      {evidence.invoiceCheck && !refused && (
        <div className="journal-evidence">
          <p>
            Ask the service by order id: the same order is sent again. If it exists, the service refuses it
            (409) and this entry is resolved as done; if it did not exist, it is created now and this entry is
            resolved as not done.
          </p>
          <button
            type="button"
            className="button"
            disabled={resolving.busy}
            onClick={() => void checkInvoice()}
            data-testid="journal-check-invoice"
          >
            Check by order id
          </button>
        </div>
      )}
      {resolving.error && (
        <ErrorNotice title="The decision was not recorded." error={resolving.error} sent={NOTHING_CHANGED} />
      )}
      {refused ? (
        <p role="status" data-testid="journal-resolve-not-allowed">
          {refused}
        </p>
      ) : (
        <PersonDecision
          title="Decide it yourself"
          busy={resolving.busy}
          onDecide={(decision) => void resolvePerson(decision)}
        />
      )}
    </TitledSection>
  );
}
