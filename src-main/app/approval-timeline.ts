import type { DeskConnection } from '../storage/pg/desk-connection';
import type { ApprovalState } from '../storage/port/approvals';
import { approversWords } from './confirm/submit-requests';

/** The approval row as an `approvals.*` event of the chain recorded it (md.approval_changed). */
interface RecordedApproval {
  revision?: number;
  status?: string;
  required?: number;
  groups?: string[];
  reject_reason?: string | null;
  rejected_by?: string | null;
  policy_version?: number | null;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What one approval step did, in words, from the row its event recorded; null when there is nothing to add. */
export function approvalNote(
  type: string,
  approval: RecordedApproval,
  counted: number | null,
): string | null {
  const revision = approval.revision ? `revision ${approval.revision}` : 'this revision';
  const needs = `${plural(approval.required ?? 0, 'approval')} from ${approversWords(approval.groups ?? [])}`;
  switch (type) {
    case 'approvals.draft':
      return `Not sent: drafted as ${revision}`;
    case 'approvals.submit':
      if (approval.status === 'rejected') return `Rejected by the policy: ${approval.reject_reason ?? ''}`;
      if (approval.status === 'approved' && !approval.required)
        return `The policy (version ${approval.policy_version ?? '?'}) approves it without a second person`;
      return `Needs ${needs} (policy version ${approval.policy_version ?? '?'})`;
    case 'approvals.approve':
      return `${counted ?? 0} of ${plural(approval.required ?? 0, 'approval')} for ${revision}${
        approval.status === 'approved' ? ': approved, a treasury desk may send it' : ''
      }`;
    case 'approvals.reject':
      return `Reason: ${approval.reject_reason ?? ''}`;
    case 'approvals.revise':
      return `Changed to ${revision}: every earlier approval is cleared`;
    default:
      return null;
  }
}

/**
 * The words of each approval step of an entry's timeline, by the step's chain sequence, read from
 * the events themselves (each carries the approval row as it was then), so a rejection's reason and
 * what the policy required are the ledger's, on every desk.
 */
export async function approvalNotes(
  db: Pick<DeskConnection, 'query'>,
  id: number,
): Promise<Map<number, string>> {
  const rows = await db.query<{ seq: string; type: string; detail: string }>(
    `SELECT seq::text AS seq, type, detail FROM md.events
      WHERE entry_id = $1 AND type LIKE 'approvals.%' ORDER BY seq`,
    [id],
  );
  const notes = new Map<number, string>();
  for (const row of rows) {
    let inner: { approval?: RecordedApproval; counted?: number } = {};
    try {
      inner = (JSON.parse(row.detail) as { detail?: typeof inner }).detail ?? {};
    } catch {
      continue; // A detail that does not parse is the chain check's to report, not the timeline's.
    }
    const note = approvalNote(row.type, inner.approval ?? {}, inner.counted ?? null);
    if (note) notes.set(Number(row.seq), note);
  }
  return notes;
}

/** Where the approval stands now, in one line for the top of the timeline; null for no approval. */
export function approvalStanding(state: ApprovalState | null): string | null {
  if (!state) return null;
  const tail = `revision ${state.revision}${state.policyVersion ? `, policy version ${state.policyVersion}` : ''}`;
  switch (state.status) {
    case 'drafted':
      return `Drafted, not submitted for approval (${tail})`;
    case 'submitted':
      return `Waiting for approval: ${state.counted} of ${plural(state.required, 'approval')} from ${approversWords(
        state.decision?.groups ?? [],
      )} (${tail})`;
    case 'approved':
      return `Approved (${tail})`;
    case 'rejected':
      return `Rejected by ${state.rejected?.by ?? 'the team'}: ${state.rejected?.reason ?? ''} (${tail})`;
  }
}
