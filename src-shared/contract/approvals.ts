import { z } from 'zod';
import { CreateWithdrawalInput } from '@shared/domain/operations';

// The approval queue (issue 28): what waits for a second person on the team's ledger. The database
// decides who may approve and what counts; these schemas bound what crosses the bridge.

/** A journal entry's id as the ledger numbers it (a bigint, carried as digits). */
const EntryId = z.string().regex(/^[1-9][0-9]{0,17}$/, 'a journal entry number');
const Revision = z.number().int().min(1).max(1_000_000);

export const ApprovalQueueItem = z.object({
  id: EntryId,
  /** The revision the person saw; an approval is tied to it. */
  revision: z.number().int(),
  preparedBy: z.array(z.string()),
  /** When the withdrawal was drafted (ISO UTC). */
  preparedAt: z.string(),
  submitted: z.object({ by: z.string(), at: z.string() }).nullable(),
  /** Where the money would move, as the preparing desk recorded it (UX rule 2). */
  environment: z.enum(['sandbox', 'live']),
  profileId: z.string(),
  coin: z.string(),
  network: z.string(),
  amount: z.string(),
  /** In USD at the rate recorded when it was submitted; null when no rate was given. */
  usd: z.string().nullable(),
  /** The full destination, never shortened. */
  address: z.string(),
  /** The team address book's name for it; null: a new address. */
  addressName: z.string().nullable(),
  approvals: z.array(z.object({ person: z.string(), desk: z.string(), at: z.string() })),
  /** Approvals of this revision that count, and how many the policy requires. */
  counted: z.number().int(),
  required: z.number().int(),
  /** The groups whose members' approvals count (empty: any approver). */
  groups: z.array(z.string()),
  /** The policy rule that decided, in words ("rule 2, new address"). */
  rule: z.string().nullable(),
  /** This person prepared or changed it: someone else must approve it. */
  mine: z.boolean(),
  /**
   * Set when it is approved and nobody has sent it yet (issue 28 item 4): whether this desk may send it
   * (a treasury desk, or any desk while the team names none) and the desks the team named.
   */
  sendable: z.object({ here: z.boolean(), treasuryDesks: z.array(z.string()) }).optional(),
  /**
   * The fees and who pays them, in the words of main's withdrawal review (one rule, reused); absent
   * when main had no figures to say it with.
   */
  feeLines: z.array(z.string()).optional(),
});
export type ApprovalQueueItem = z.infer<typeof ApprovalQueueItem>;

export const ApprovalQueue = z.object({
  items: z.array(ApprovalQueueItem),
  /** This person holds the approver role (the screen offers Approve and Reject only then). */
  canApprove: z.boolean(),
  /** An auditor or an admin, whom the ledger lets read the audit trail (the screen offers its export only then). */
  canAudit: z.boolean(),
});
export type ApprovalQueue = z.infer<typeof ApprovalQueue>;

export const ApproveInput = z.strictObject({ id: EntryId, revision: Revision });
export type ApproveInput = z.input<typeof ApproveInput>;

export const RejectInput = z.strictObject({
  id: EntryId,
  revision: Revision,
  reason: z.string().trim().min(1, 'Say why it is rejected (the person who prepared it sees it).').max(500),
});
export type RejectInput = z.input<typeof RejectInput>;

/**
 * A withdrawal prepared for approval on the active profile. The USD rate the policy judges it by is
 * main's own (its rates feed), never the page's: a page could otherwise slip under a USD limit.
 */
export const SubmitWithdrawalInput = z.strictObject({ withdrawal: CreateWithdrawalInput });
export type SubmitWithdrawalInput = z.input<typeof SubmitWithdrawalInput>;

export const SubmittedWithdrawal = z.object({
  id: EntryId,
  status: z.enum(['drafted', 'submitted', 'approved', 'rejected']),
});
export type SubmittedWithdrawal = z.infer<typeof SubmittedWithdrawal>;

/** The auditor's export (issue 28 item 6): where the trail was saved (null: the dialog was cancelled). */
export const AuditExportResult = z.object({
  path: z.string().nullable(),
  /** Actions written, the closing chain-head row not counted. */
  actions: z.number().int().nonnegative(),
});
export type AuditExportResult = z.infer<typeof AuditExportResult>;

/** Sending an approved withdrawal from a treasury desk, for the revision the person saw approved. */
export const SendApprovedInput = z.strictObject({ id: EntryId, revision: Revision });
export type SendApprovedInput = z.input<typeof SendApprovedInput>;

/**
 * Whether this desk may hold a live API key (issue 28 item 4): `words` says why not (null: it may),
 * with the treasury desks the team named and the profiles whose stored keys this desk removed.
 */
export const TreasuryKeys = z.object({
  words: z.string().nullable(),
  treasuryDesks: z.array(z.string()),
  removed: z.array(z.string()),
});
export type TreasuryKeys = z.infer<typeof TreasuryKeys>;
/**
 * How the Withdrawals screen ends (issue 28): `send` as on a desk alone, or `approval` once the team
 * has published an approval policy (then nothing is sent from the form: it is submitted). Main decides.
 */
export const WithdrawalPath = z.discriminatedUnion('path', [
  z.object({ path: z.literal('send') }),
  z.object({
    path: z.literal('approval'),
    policyVersion: z.number().int().positive(),
    /** What happens next, in words for the form ("A treasury desk sends it once approved."). */
    words: z.string(),
  }),
  /** This person's role on the team prepares no withdrawals (a viewer): the form is not offered. */
  z.object({ path: z.literal('not-allowed'), words: z.string() }),
]);
export type WithdrawalPath = z.infer<typeof WithdrawalPath>;

/** How many withdrawals wait for this person's approval (for the count on the navigation item). */
export const ApprovalsWaiting = z.object({ count: z.number().int().nonnegative() });
export type ApprovalsWaiting = z.infer<typeof ApprovalsWaiting>;
