import { answerGaps } from '../port/entry-row';
import { invalidInput, JournalError } from '../port/errors';
import { readBeginInput } from '../port/begin-input';
import { toStoredJson } from '../port/redact';
import {
  ExternalIdsSchema,
  ResolveInputSchema,
  SettleInputSchema,
  type ApplyResult,
  type BeginInput,
  type InvoiceEvent,
  type JournalEntry,
  type Operation,
  type ResolveInput,
  type SettleInput,
  type WithdrawalEvent,
} from '../port/types';
import type { InvoiceRef } from '../port/journal-store';
import { RateRecordSchema, type RateRecord } from '../port/rate-record';
import { DepositRecordSchema, type DepositRecord } from '../port/deposit-record';
import type { DeskConnection } from './desk-connection';
import { ServerUnreachableError } from './errors';

/**
 * The port's writes, each one call of a function of schema md: the server applies the rules (states,
 * the duplicate guard, who may settle) and the desk only shapes its input. The checks here (zod,
 * canonical body, no credentials) refuse early with the same words; the server does not rely on them.
 */
export function entryWrites(db: DeskConnection, read: (id: number) => Promise<JournalEntry | null>) {
  const call = async <T>(sql: string, params: unknown[]): Promise<T> =>
    (await db.query<{ r: T }>(`SELECT ${sql} AS r`, params))[0]!.r;

  async function after(id: number): Promise<JournalEntry> {
    const entry = await read(id);
    if (!entry) throw new JournalError('not-found', `Journal entry #${id} does not exist.`);
    return entry;
  }

  async function insert(fn: 'begin_entry' | 'create_intent', operation: Operation, input: BeginInput) {
    const { profileId, environment, body, invoiceCode, override } = readBeginInput(input);
    const id = await call<string>(`md.${fn}($1, $2, $3, $4, $5, $6)`, [
      operation,
      profileId,
      environment,
      body,
      invoiceCode ?? null,
      override?.reason ?? null,
    ]);
    return Number(id);
  }

  async function settle(id: number, input: SettleInput): Promise<JournalEntry> {
    const parsed = SettleInputSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error);
    const { outcome, response, externalIds = {}, warnings = [] } = parsed.data;
    const error = warnings.length > 0 ? answerGaps(warnings) : parsed.data.error;
    try {
      await call('md.settle_entry($1, $2, $3, $4, $5, $6)', [
        id,
        outcome,
        toStoredJson(response),
        toStoredJson(error),
        JSON.stringify(externalIds),
        JSON.stringify(warnings),
      ]);
    } catch (failure) {
      // The server is away: the answer is kept by the caller and recorded once it is back.
      if ((failure as JournalError).kind === 'journal-write-failed')
        throw new ServerUnreachableError(id, failure);
      throw failure;
    }
    return after(id);
  }

  async function resolve(id: number, input: ResolveInput): Promise<JournalEntry> {
    const parsed = ResolveInputSchema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error);
    const r = parsed.data;
    await call('md.resolve_entry($1, $2, $3, $4, $5, $6, $7)', [
      id,
      r.by,
      r.performed,
      r.reason,
      r.person ?? null,
      r.evidence ? JSON.stringify(r.evidence) : null,
      JSON.stringify(r.externalIds ?? {}),
    ]);
    return after(id);
  }

  async function attachWithdrawalId(id: number, withdrawalId: string, reason: string) {
    const parsed = ExternalIdsSchema.safeParse({ withdrawalId });
    if (!parsed.success) throw invalidInput(parsed.error);
    await call('md.attach_withdrawal_id($1, $2, $3)', [id, parsed.data.withdrawalId, reason]);
    return after(id);
  }

  async function applyWithdrawalEvent(
    withdrawalId: string,
    event: WithdrawalEvent,
    payload: unknown,
    profileId?: string,
  ): Promise<ApplyResult> {
    return call<ApplyResult>('md.apply_withdrawal_event($1, $2, $3, $4)', [
      withdrawalId,
      event,
      toStoredJson(payload),
      profileId ?? null,
    ]);
  }

  async function recordRate(id: number, record: RateRecord): Promise<void> {
    const parsed = RateRecordSchema.safeParse(record);
    if (!parsed.success) throw invalidInput(parsed.error);
    await call('md.record_rate($1, $2)', [id, JSON.stringify(parsed.data)]);
  }

  /** True when written; false when the profile's deposit with this key is already in the chain. */
  async function recordDeposit(record: DepositRecord): Promise<boolean> {
    const parsed = DepositRecordSchema.safeParse(record);
    if (!parsed.success) throw invalidInput(parsed.error);
    return call<boolean>('md.record_deposit($1)', [JSON.stringify(parsed.data)]);
  }

  async function applyInvoiceEvent(ref: InvoiceRef, event: InvoiceEvent, payload: unknown) {
    return call<ApplyResult>('md.apply_invoice_event($1, $2, $3, $4, $5, $6)', [
      ref.profileId,
      ref.invoiceId ?? null,
      ref.invoiceCode ?? null,
      ref.orderId ?? null,
      event,
      toStoredJson(payload),
    ]);
  }

  return {
    begin: (operation: Operation, input: BeginInput) => insert('begin_entry', operation, input),
    /** Records an intent nobody has claimed (nothing is sent); `claim` makes it this desk's to send. */
    createIntent: (operation: Operation, input: BeginInput) => insert('create_intent', operation, input),
    claim: async (id: number) => {
      await call('md.claim_entry($1)', [id]);
      return after(id);
    },
    /** Marks another desk's claim unknown once that desk is gone (see md.mark_abandoned). */
    markAbandoned: async (id: number) => {
      await call('md.mark_abandoned($1)', [id]);
      return after(id);
    },
    settle,
    resolve,
    attachWithdrawalId,
    recordRate,
    recordDeposit,
    applyWithdrawalEvent,
    applyInvoiceEvent,
    recover: async () => (await call<string[]>('md.recover_desk()', [])).map(Number),
  };
}
