import type { PolicyOutcome, PolicyPreview, PolicyView } from '@contract';
import type { PolicyRule } from '@shared/domain/approval-policy';
import { actionWords } from '@shared/domain/approval-policy-words';
import { AppError } from '@shared/errors';
import { TEAM_REFUSAL } from '@shared/plain-error';
import type { PolicyPreviewRow } from '../../storage/port/approvals';
import { publishPolicyConfirmation } from '../confirm/policy-requests';
import { requireConfirmation, type Confirmer } from '../confirm/confirmer';
import type { Disposer } from '../lifecycle';
import { handleAll, type ChannelRegistry } from './channels';
import { inTeamWords as inWords, teamSessionOf } from './team-refusals';
import type { TeamSession } from './team-session';

const TEAM_ONLY =
  'An approval policy is for a team’s ledger: this desk records its money alone. Join a team in Settings → Team first.';
const ADMINS_ONLY = 'Only an admin of the team drafts and publishes the approval policy; ask one of them.';
const PREVIEW_DAYS = 30;

interface DraftRow {
  id: string;
  rules: PolicyRule[];
  drafted_by: string;
  drafted_at: string;
}

/** The newest draft saved after the last publication, if any (an older one was overtaken). */
async function latestDraft(session: TeamSession, id?: string): Promise<DraftRow | null> {
  const rows = await session.pool.query<DraftRow>(
    `SELECT id::text AS id, rules, drafted_by, drafted_at FROM md.policies
      WHERE version IS NULL AND id > coalesce((SELECT max(id) FROM md.policies WHERE version IS NOT NULL), 0)
        AND ($1::bigint IS NULL OR id = $1::bigint)
      ORDER BY id DESC LIMIT 1`,
    [id ?? null],
  );
  return rows[0] ?? null;
}

/** One past withdrawal's outcome under the draft, in words ("rule 2 “big”: requires 2 approvals…"). */
function previewRow(row: PolicyPreviewRow): PolicyPreview['rows'][number] {
  const { decision } = row;
  const base = {
    entryId: String(row.entryId),
    at: row.at,
    status: row.status,
    coin: row.coin,
    network: row.network,
    amount: row.amount,
    toAddress: row.toAddress,
  };
  if (decision.action === 'unknown') return { ...base, outcome: 'unknown', words: decision.reason };
  const which =
    decision.rule === null
      ? 'No rule matched'
      : `Rule ${decision.rule}${decision.name ? ` “${decision.name}”` : ''}`;
  return { ...base, outcome: decision.action, words: `${which}: ${actionWords(decision)}` };
}

/**
 * `approvals:policy-*` (issue 28 item 2): the published policy for everyone to read; for an admin, a
 * draft saved in the ledger, what it would have decided for the last month's withdrawals, and
 * publishing it after main's confirmation shows every rule in main's words. The ledger holds the rules
 * (md.save_policy_draft, md.publish_policy are an admin's alone) and refuses the rest whatever is sent.
 */
export function registerApprovalsPolicy(
  router: ChannelRegistry,
  deps: { session: () => TeamSession | null; confirm: Confirmer },
): Disposer {
  const team = teamSessionOf(deps.session, TEAM_ONLY);
  const view = (session: TeamSession): Promise<PolicyView> =>
    inWords(async () => {
      const [published, draft] = await Promise.all([
        session.approvals.publishedPolicy(),
        latestDraft(session),
      ]);
      return {
        published,
        draft: draft
          ? { id: draft.id, rules: draft.rules, draftedBy: draft.drafted_by, draftedAt: draft.drafted_at }
          : null,
        canEdit: session.role === 'admin',
      };
    });
  return handleAll(router, {
    'approvals:policy-get': () => view(team()),
    'approvals:policy-save-draft': async ({ rules, note }) => {
      const session = team();
      const id = await inWords(() => session.approvals.savePolicyDraft(rules, note));
      return { id: String(id) };
    },
    'approvals:policy-preview': async ({ rules }): Promise<PolicyPreview> => {
      const session = team();
      const rows = (await inWords(() => session.approvals.previewPolicy(rules, PREVIEW_DAYS))).map(
        previewRow,
      );
      const counts: Record<PolicyOutcome, number> = { allow: 0, block: 0, require: 0, unknown: 0 };
      for (const row of rows) counts[row.outcome] += 1;
      return { days: PREVIEW_DAYS, counts, rows };
    },
    'approvals:policy-publish': async ({ id }) => {
      const session = team();
      // Spares a non-admin a confirmation the ledger would refuse anyway.
      if (session.role !== null && session.role !== 'admin')
        throw new AppError('auth', ADMINS_ONLY, TEAM_REFUSAL);
      // What is confirmed is the draft as the ledger holds it, never the page's copy of it.
      const draft = await inWords(() => latestDraft(session, id));
      if (!draft)
        throw new AppError(
          'journal-conflict',
          `Policy draft #${id} is not the newest unpublished draft (published already, or overtaken by a newer one). Refresh the policy.`,
        );
      const published = await inWords(() => session.approvals.publishedPolicy());
      await requireConfirmation(
        deps.confirm,
        publishPolicyConfirmation({
          id: draft.id,
          rules: draft.rules,
          draftedBy: draft.drafted_by,
          nextVersion: (published?.version ?? 0) + 1,
        }),
      );
      await inWords(() => session.approvals.publishPolicy(Number(draft.id)));
      return view(session);
    },
  });
}
