import { useState } from 'react';
import type { ErrorInfo } from '@contract';
import { ErrorNotice, NOTHING_SENT } from '../../components/StateViews';
import { callMerchant } from '../../lib/ipc';
import { RunButton } from '../../components/forms/SubmitButton';

type Outcome = { state: 'idle' } | { state: 'saved'; words: string } | { state: 'error'; error: ErrorInfo };

/**
 * The auditor's export (issue 28 item 6): the team ledger with who, when and which desk for every
 * action, and the chain head, as CSV. Offered to auditors and admins only (ApprovalQueue.canAudit,
 * main's reading of the ledger's roles); the database lets no one else read it either.
 */
export function AuditTrailExport() {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const save = async () => {
    setBusy(true);
    const result = await callMerchant((api) => api.approvals.auditExport());
    setBusy(false);
    if (!result.ok) return setOutcome({ state: 'error', error: result.error });
    const { path, actions } = result.data;
    setOutcome(
      path
        ? { state: 'saved', words: `Saved ${actions} actions and the chain head to ${path}.` }
        : { state: 'idle' },
    );
  };
  return (
    <section className="approvals__audit" aria-labelledby="audit-trail-title">
      <h2 id="audit-trail-title">Audit trail</h2>
      <p className="muted">
        Every action on the team’s ledger with who did it, when and from which desk, ending with the chain
        head, so an auditor can tie the file to the ledger. For auditors and admins.
      </p>
      <RunButton busy={busy} busyText="Exporting…" run={save} testId="audit-export">
        Export the audit trail (CSV)…
      </RunButton>
      {outcome.state === 'saved' && (
        <p role="status" data-testid="audit-export-saved">
          {outcome.words}
        </p>
      )}
      {outcome.state === 'error' && (
        <ErrorNotice title="The audit trail was not exported." error={outcome.error} sent={NOTHING_SENT} />
      )}
    </section>
  );
}
