import { z } from 'zod';
import {
  GroupName,
  PolicyRulesSchema,
  USD_RATE,
  type ApprovalStatus,
  type ApprovalsStore,
  type PolicyPreviewRow,
} from '../port/approvals';
import { invalidInput } from '../port/errors';
import { readBeginInput, wireBody } from '../port/begin-input';
import { approvalsReads } from './approvals-reads';
import type { DeskConnection } from './desk-connection';

const Id = z.number().int().positive();
const Revision = z.number().int().min(1);
const Reason = z.string().trim().min(1).max(500);
const Text = z.string().trim().min(1).max(200);
const Uuid = z.string().uuid();

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidInput(parsed.error);
  return parsed.data;
}

/**
 * Approvals on the team ledger, each write one call of a function of schema md (migration 004). The
 * checks here refuse bad input early with clear words; the server holds every rule whatever is sent.
 */
export function openPgApprovals(db: DeskConnection): ApprovalsStore {
  const call = async <T>(sql: string, params: unknown[]): Promise<T> =>
    (await db.query<{ r: T }>(`SELECT ${sql} AS r`, params))[0]!.r;
  return {
    ...approvalsReads(db),
    async draftWithdrawal(input) {
      const { profileId, environment, body, override } = readBeginInput(input);
      const id = await call<string>('md.draft_withdrawal($1, $2, $3, $4)', [
        profileId,
        environment,
        body,
        override?.reason ?? null,
      ]);
      return Number(id);
    },
    async revise(entryId, revision, requestBody) {
      parse(z.tuple([Id, Revision]), [entryId, revision]);
      return call<number>('md.revise_withdrawal($1, $2, $3)', [entryId, revision, wireBody(requestBody)]);
    },
    async submit(entryId, revision, usdRate) {
      parse(z.tuple([Id, Revision, USD_RATE.nullable()]), [entryId, revision, usdRate]);
      return call<ApprovalStatus>('md.submit_withdrawal($1, $2, $3)', [entryId, revision, usdRate]);
    },
    async approve(entryId, revision) {
      parse(z.tuple([Id, Revision]), [entryId, revision]);
      return call<ApprovalStatus>('md.approve($1, $2)', [entryId, revision]);
    },
    async reject(entryId, revision, reason) {
      const [, , why] = parse(z.tuple([Id, Revision, Reason]), [entryId, revision, reason]);
      await call('md.reject($1, $2, $3)', [entryId, revision, why]);
    },
    async savePolicyDraft(rules, note) {
      const parsed = parse(PolicyRulesSchema, rules);
      const id = await call<string>('md.save_policy_draft($1, $2)', [JSON.stringify(parsed), note ?? null]);
      return Number(id);
    },
    async previewPolicy(rules, days = 30) {
      const parsed = parse(PolicyRulesSchema, rules);
      const rows = await db.query<{
        entry_id: string;
        at: string;
        status: string;
        coin: string;
        network: string;
        amount: string;
        to_address: string;
        decision: PolicyPreviewRow['decision'];
      }>('SELECT entry_id::text AS entry_id, * FROM md.preview_policy($1, $2)', [
        JSON.stringify(parsed),
        parse(z.number().int().min(1).max(366), days),
      ]);
      return rows.map((r) => ({
        entryId: Number(r.entry_id),
        at: r.at,
        status: r.status,
        coin: r.coin,
        network: r.network,
        amount: r.amount,
        toAddress: r.to_address,
        decision: r.decision,
      }));
    },
    async publishPolicy(draftId) {
      return call<number>('md.publish_policy($1)', [parse(Id, draftId)]);
    },
    async proposeAddress(input) {
      const { coin, network, address, label } = parse(
        z.object({ coin: Text, network: Text, address: Text, label: z.string().trim().min(1).max(100) }),
        input,
      );
      return Number(
        await call<string>('md.propose_address($1, $2, $3, $4)', [coin, network, address, label]),
      );
    },
    async approveAddress(id) {
      await call('md.approve_address($1)', [parse(Id, id)]);
    },
    async removeAddress(id, reason) {
      const [entry, why] = parse(z.tuple([Id, Reason]), [id, reason]);
      await call('md.remove_address($1, $2)', [entry, why]);
    },
    async setTreasuryDesk(deskUuid, holdsKey) {
      await call('md.set_treasury_desk($1, $2)', [parse(Uuid, deskUuid), holdsKey === true]);
    },
    async claimApproved(entryId, revision) {
      parse(z.tuple([Id, Revision]), [entryId, revision]);
      await call('md.claim_approved($1, $2)', [entryId, revision]);
    },
    async setGroupMember(group, person, member) {
      const [g, p] = parse(z.tuple([GroupName, Text]), [group, person]);
      await call('md.set_group_member($1, $2, $3)', [g, p, member === true]);
    },
  };
}
