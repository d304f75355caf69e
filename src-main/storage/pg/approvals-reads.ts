import type {
  AddressBookEntry,
  ApprovalState,
  ApprovalStatus,
  PolicyDecision,
  PolicyRule,
  PublishedPolicy,
} from '../port/approvals';
import type { DeskConnection } from './desk-connection';

interface IntentRow {
  entry_id: string;
  revision: number;
  status: ApprovalStatus;
  prepared_by: string[];
  policy_version: number | null;
  decision: PolicyDecision | null;
  required: number;
  counted: number;
  approvals: { person: string; deskId: string; desk: string; at: string }[];
  usd_rate: string | null;
  submitted_by: string | null;
  submitted_at: string | null;
  rejected_by: string | null;
  rejected_at: string | null;
  reject_reason: string | null;
}

// The approvals listed are the current revision's, as the queue shows them.
const INTENT_SELECT = `SELECT a.entry_id::text AS entry_id, a.revision, a.status, a.prepared_by, a.policy_version,
    a.decision, a.required, md.counted_approvals(a) AS counted, a.usd_rate, a.submitted_by, a.submitted_at,
    a.rejected_by, a.rejected_at, a.reject_reason,
    coalesce((SELECT jsonb_agg(jsonb_build_object('person', p.person, 'deskId', p.desk_id, 'desk', d.name, 'at', p.at)
        ORDER BY p.at) FROM md.approvals p JOIN md.desks d ON d.id = p.desk_id
      WHERE p.entry_id = a.entry_id AND p.revision = a.revision), '[]'::jsonb) AS approvals
  FROM md.approval_intents a`;

const toState = (r: IntentRow): ApprovalState => ({
  entryId: Number(r.entry_id),
  revision: r.revision,
  status: r.status,
  preparedBy: r.prepared_by,
  policyVersion: r.policy_version,
  decision: r.decision,
  required: r.required,
  counted: r.counted,
  approvals: r.approvals,
  usdRate: r.usd_rate,
  submitted: r.submitted_by && r.submitted_at ? { by: r.submitted_by, at: r.submitted_at } : null,
  rejected:
    r.rejected_by && r.rejected_at
      ? { by: r.rejected_by, at: r.rejected_at, reason: r.reject_reason ?? '' }
      : null,
});

/** The approvals' reads: plain SELECTs any team member's role may run (viewer and up, auditor). */
export function approvalsReads(db: DeskConnection) {
  return {
    async state(entryId: number): Promise<ApprovalState | null> {
      const [row] = await db.query<IntentRow>(`${INTENT_SELECT} WHERE a.entry_id = $1`, [entryId]);
      return row ? toState(row) : null;
    },
    async queue(): Promise<ApprovalState[]> {
      const rows = await db.query<IntentRow>(
        `${INTENT_SELECT} WHERE a.status = 'submitted' ORDER BY a.submitted_at, a.entry_id LIMIT 1000`,
      );
      return rows.map(toState);
    },
    async approvedToSend(): Promise<ApprovalState[]> {
      const rows = await db.query<IntentRow>(
        `${INTENT_SELECT} JOIN md.entries e ON e.id = a.entry_id
          WHERE a.status = 'approved' AND e.state = 'intent' ORDER BY a.updated_at, a.entry_id LIMIT 1000`,
      );
      return rows.map(toState);
    },
    async treasuryDesks(): Promise<{ id: string; name: string }[]> {
      return db.query<{ id: string; name: string }>(
        `SELECT d.id::text AS id, d.name FROM md.treasury_desks t JOIN md.desks d ON d.id = t.desk_id
          WHERE d.revoked_at IS NULL ORDER BY lower(d.name), d.id`,
      );
    },
    async publishedPolicy(): Promise<PublishedPolicy | null> {
      const [row] = await db.query<{
        version: number;
        rules: PolicyRule[];
        published_by: string;
        published_at: string;
      }>(
        'SELECT version, rules, published_by, published_at FROM md.policies WHERE version IS NOT NULL ORDER BY version DESC LIMIT 1',
      );
      return row
        ? {
            version: row.version,
            rules: row.rules,
            publishedBy: row.published_by,
            publishedAt: row.published_at,
          }
        : null;
    },
    async addressBook(): Promise<AddressBookEntry[]> {
      const rows = await db.query<{
        id: string;
        coin: string;
        network: string;
        address: string;
        label: string;
        added_by: string;
        added_at: string;
        approved_by: string | null;
        approved_at: string | null;
      }>(
        `SELECT id::text AS id, coin, network, address, label, added_by, added_at, approved_by, approved_at
           FROM md.address_book WHERE removed_at IS NULL ORDER BY lower(label), id`,
      );
      return rows.map((r) => ({
        id: Number(r.id),
        coin: r.coin,
        network: r.network,
        address: r.address,
        label: r.label,
        addedBy: r.added_by,
        addedAt: r.added_at,
        approvedBy: r.approved_by,
        approvedAt: r.approved_at,
      }));
    },
  };
}
