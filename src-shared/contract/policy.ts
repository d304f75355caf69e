import { z } from 'zod';
import { checkAddress } from '@shared/domain/address';
import { EntryName } from '@shared/domain/address-book';
import { GroupName, PolicyRuleSchema, PolicyRulesSchema } from '@shared/domain/approval-policy';
import { Code, WithdrawalAddress } from '@shared/domain/wire';

// The policy editor, the team's address book and the admin's treasury desks and groups (issue 28
// items 2, 4 and 5). The team's ledger decides who may; these schemas bound what crosses the bridge.

const DraftId = z.string().regex(/^[1-9][0-9]{0,17}$/, 'a policy draft number');

export const PolicyView = z.object({
  published: z
    .object({
      version: z.number().int(),
      rules: z.array(PolicyRuleSchema),
      publishedBy: z.string(),
      publishedAt: z.string(),
    })
    .nullable(),
  /** The newest draft saved since the last publication (by any admin), to carry on editing. */
  draft: z
    .object({ id: DraftId, rules: z.array(PolicyRuleSchema), draftedBy: z.string(), draftedAt: z.string() })
    .nullable(),
  /** This person is an admin: the editor is offered (the database refuses anyone else anyway). */
  canEdit: z.boolean(),
});
export type PolicyView = z.infer<typeof PolicyView>;

export const PolicyDraftInput = z.strictObject({
  rules: PolicyRulesSchema,
  note: z.string().trim().max(500).optional(),
});
export type PolicyDraftInput = z.input<typeof PolicyDraftInput>;
export const PolicyDraftSaved = z.object({ id: DraftId });

export const PolicyPreviewInput = z.strictObject({ rules: PolicyRulesSchema });
export const PolicyOutcome = z.enum(['allow', 'block', 'require', 'unknown']);
export type PolicyOutcome = z.infer<typeof PolicyOutcome>;
export const PolicyPreview = z.object({
  days: z.number().int(),
  counts: z.record(PolicyOutcome, z.number().int().nonnegative()),
  rows: z.array(
    z.object({
      entryId: z.string(),
      at: z.string(),
      /** The withdrawal's approval status, or its state when it went without approval. */
      status: z.string(),
      coin: z.string(),
      network: z.string(),
      amount: z.string(),
      toAddress: z.string(),
      outcome: PolicyOutcome,
      /** Which rule decided and what it would have asked, or why it cannot be told. */
      words: z.string(),
    }),
  ),
});
export type PolicyPreview = z.infer<typeof PolicyPreview>;

export const PolicyPublishInput = z.strictObject({ id: DraftId });

export const TeamBookEntry = z.object({
  id: z.number().int(),
  label: z.string(),
  coin: z.string(),
  network: z.string(),
  address: z.string(),
  addedBy: z.string(),
  addedAt: z.string(),
  /** null: proposed, waiting for an approver other than the person who added it. */
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
});
export type TeamBookEntry = z.infer<typeof TeamBookEntry>;

export const TeamBookView = z.object({
  entries: z.array(TeamBookEntry),
  /** This desk's login: what it added is its own, and someone else approves it. */
  person: z.string(),
  /** What this person's roles allow (the database refuses the rest whatever is sent). */
  canPropose: z.boolean(),
  canApprove: z.boolean(),
  canRemove: z.boolean(),
});
export type TeamBookView = z.infer<typeof TeamBookView>;

export const TeamBookProposeInput = z
  .strictObject({ label: EntryName, coin: Code, network: Code, address: WithdrawalAddress })
  .superRefine((entry, ctx) => {
    // The same check as a withdrawal's: a book entry must be an address a withdrawal could go to.
    const check = checkAddress(entry.network, entry.address);
    if (check.status === 'invalid')
      ctx.addIssue({ code: 'custom', path: ['address'], message: check.reason });
  });
export type TeamBookProposeInput = z.input<typeof TeamBookProposeInput>;
export const TeamBookApproveInput = z.strictObject({ id: z.number().int().positive() });
export const TeamBookRemoveInput = z.strictObject({
  id: z.number().int().positive(),
  reason: z.string().trim().min(1, 'Say why the address is removed (the team sees it).').max(500),
});

export const TeamAccess = z.object({
  /** Ids of the desks named to hold the API key; none named: every desk may send. */
  treasuryDesks: z.array(z.string()),
  groups: z.array(z.object({ name: z.string(), members: z.array(z.string()) })),
});
export type TeamAccess = z.infer<typeof TeamAccess>;
export const SetTreasuryDeskInput = z.strictObject({ deskId: z.uuid(), holdsKey: z.boolean() });
export const SetGroupMemberInput = z.strictObject({
  group: GroupName,
  person: z.string().trim().min(1).max(63),
  member: z.boolean(),
});
export type SetGroupMemberInput = z.input<typeof SetGroupMemberInput>;
