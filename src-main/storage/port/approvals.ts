import { z } from 'zod';
import { DECIMAL_STRING, MAX_DECIMAL_LENGTH } from '@shared/money/rules';
import type { PolicyRule } from '@shared/domain/approval-policy';
import type { BeginInput } from './types';

const Decimal = z.string().max(MAX_DECIMAL_LENGTH).regex(DECIMAL_STRING, 'a decimal string such as "12.50"');

// The policy's rules are the shared domain's (the contract checks the page's requests with them too).
export { GroupName, PolicyRulesSchema, type PolicyRule } from '@shared/domain/approval-policy';

export const USD_RATE = Decimal;

export type ApprovalStatus = 'drafted' | 'submitted' | 'approved' | 'rejected';

/** What the published policy said about one withdrawal, and the facts it matched on. */
export interface PolicyDecision {
  /** The rule's place in the list (1-based); null when no rule matched (blocked). */
  rule: number | null;
  name: string | null;
  action: 'allow' | 'block' | 'require';
  approvals: number;
  groups: string[];
  facts: {
    usd: string | null;
    destination: 'book' | 'new';
    balance: string | null;
    windowCount: number | null;
    windowTotal: string | null;
  };
}

/** A withdrawal intent's approval as the ledger holds it. */
export interface ApprovalState {
  entryId: number;
  revision: number;
  status: ApprovalStatus;
  preparedBy: string[];
  policyVersion: number | null;
  decision: PolicyDecision | null;
  required: number;
  /** Approvals of the current revision that count (never a preparer's; only from the named groups). */
  counted: number;
  approvals: { person: string; deskId: string; desk: string; at: string }[];
  usdRate: string | null;
  submitted: { by: string; at: string } | null;
  rejected: { by: string; at: string; reason: string } | null;
}

export interface AddressBookEntry {
  id: number;
  coin: string;
  network: string;
  address: string;
  label: string;
  addedBy: string;
  addedAt: string;
  approvedBy: string | null;
  approvedAt: string | null;
}

export interface PublishedPolicy {
  version: number;
  rules: PolicyRule[];
  publishedBy: string;
  publishedAt: string;
}

/** What a draft policy would have decided for one past withdrawal (md.preview_policy). */
export interface PolicyPreviewRow {
  entryId: number;
  at: string;
  /** The approval status, or the entry's state for a withdrawal sent without approval. */
  status: string;
  coin: string;
  network: string;
  amount: string;
  toAddress: string;
  /** `unknown`: a rule in USD met a withdrawal recorded without a rate. */
  decision: PolicyDecision | { action: 'unknown'; reason: string };
}

/**
 * Four-eyes approvals of withdrawals on the team ledger. The database holds every rule (roles, the
 * creator never counting, revisions, the policy, treasury desks); the desk shapes input and reads.
 * Refusals are JournalErrors ('locked' for a role or a rule that does not allow it).
 */
export interface ApprovalsStore {
  draftWithdrawal(input: Omit<BeginInput, 'invoiceCode'>): Promise<number>;
  /** A new revision with this body; every approval of the old one stops counting. Returns the revision. */
  revise(entryId: number, revision: number, requestBody: Record<string, unknown>): Promise<number>;
  submit(entryId: number, revision: number, usdRate: string | null): Promise<ApprovalStatus>;
  approve(entryId: number, revision: number): Promise<ApprovalStatus>;
  reject(entryId: number, revision: number, reason: string): Promise<void>;
  state(entryId: number): Promise<ApprovalState | null>;
  /** Withdrawals waiting for approval, oldest first. */
  queue(): Promise<ApprovalState[]>;
  savePolicyDraft(rules: PolicyRule[], note?: string): Promise<number>;
  publishPolicy(draftId: number): Promise<number>;
  publishedPolicy(): Promise<PublishedPolicy | null>;
  /** What these rules would have decided for the withdrawals of the last `days` days (30 when not given). */
  previewPolicy(rules: PolicyRule[], days?: number): Promise<PolicyPreviewRow[]>;
  proposeAddress(input: { coin: string; network: string; address: string; label: string }): Promise<number>;
  approveAddress(id: number): Promise<void>;
  removeAddress(id: number, reason: string): Promise<void>;
  /** The team's destinations not removed: approved ones, and proposals waiting (approvedBy null). */
  addressBook(): Promise<AddressBookEntry[]>;
  setTreasuryDesk(deskUuid: string, holdsKey: boolean): Promise<void>;
  setGroupMember(group: string, person: string, member: boolean): Promise<void>;
  /** Approved withdrawals nobody has claimed yet (a treasury desk sends them), oldest first. */
  approvedToSend(): Promise<ApprovalState[]>;
  /**
   * Claims an approved withdrawal for this desk at the revision the person confirmed (md.claim_approved):
   * refused unless this is a treasury desk, it is approved under the newest policy at that revision,
   * and no desk claimed it before. Committed before a byte is sent.
   */
  claimApproved(entryId: number, revision: number): Promise<void>;
  /** The desks the team named to hold the API key (none: every desk may), active ones only. */
  treasuryDesks(): Promise<{ id: string; name: string }[]>;
}
