import { compareDecimal } from '@shared/money/exact';
import { appendEvent } from './chain';
import type { JournalContext } from './context';
import {
  DuplicateWithdrawalError,
  isStorageFailure,
  JournalError,
  type DuplicateMatch,
} from '../port/errors';
import { extractFields } from './fields';
import { readBeginInput } from '../port/begin-input';
import type { BeginInput, Operation } from '../port/types';

/**
 * Recording an intent before anything is sent: the request as it will be signed, its searchable
 * fields, and for a withdrawal the refusal to record a second one like an unfinished one unless a
 * person gave a reason.
 */
export function entryBegin(ctx: JournalContext, deskId: string) {
  const { db, now, write } = ctx;

  // Twin in SQL: md.refuse_duplicate (storage/pg/migrations/001-core-begin.ts), checked by pg-rules.test.ts.
  function unfinishedWithdrawals(
    environment: string,
    coin: string,
    network: string,
    toAddress: string,
    amount: string,
  ): DuplicateMatch[] {
    // Case-insensitive on purpose: a false match costs a confirmation, a missed one costs money.
    const rows = db
      .prepare(
        `SELECT id, state, settlement, amount, created_at FROM entries
         WHERE operation = 'createWithdrawal' AND environment = ? AND lower(coin) = lower(?) AND lower(network) = lower(?)
           AND lower(trim(to_address)) = lower(trim(?))
           AND (state IN ('sending', 'unknown')
             OR (state IN ('accepted', 'resolved-performed') AND (settlement IS NULL OR settlement IN ('pending', 'processing'))))
         ORDER BY id`,
      )
      .all(environment, coin, network, toAddress) as {
      id: number;
      state: string;
      settlement: string | null;
      amount: string;
      created_at: string;
    }[];
    return rows
      .filter((r) => compareDecimal(r.amount, amount) === 0)
      .map((r) => ({ id: r.id, state: r.state, settlement: r.settlement, createdAt: r.created_at }));
  }

  function begin(operation: Operation, input: BeginInput): number {
    const { profileId, environment, requestBody, body, invoiceCode, override } = readBeginInput(input);
    const f = extractFields(operation, requestBody, invoiceCode);
    try {
      return insertIntent(operation, profileId, environment, body, f, override);
    } catch (error) {
      if (!isStorageFailure(error)) throw error;
      throw new JournalError(
        'not-recorded',
        'Nothing was sent: this desk cannot record the request because the disk is full or failing. Free some space and try again.',
      );
    }
  }

  function insertIntent(
    operation: Operation,
    profileId: string,
    environment: 'sandbox' | 'live',
    body: string,
    f: ReturnType<typeof extractFields>,
    override: { reason: string } | undefined,
  ): number {
    return write(() => {
      if (operation === 'createWithdrawal') {
        const matches = unfinishedWithdrawals(
          environment,
          f.coin ?? '',
          f.network ?? '',
          f.toAddress ?? '',
          f.amount ?? '0',
        );
        if (matches.length > 0 && !override) throw new DuplicateWithdrawalError(matches);
      }
      const at = now();
      const result = db
        .prepare(
          `INSERT INTO entries (operation, profile_id, environment, state, request_body, order_id, coin, network, amount,
             to_address, invoice_code, override_reason, created_at, updated_at, desk_id)
           VALUES (?, ?, ?, 'sending', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          operation,
          profileId,
          environment,
          body,
          f.orderId,
          f.coin,
          f.network,
          f.amount,
          f.toAddress,
          f.invoiceCode,
          override?.reason ?? null,
          at,
          at,
          deskId,
        );
      const id = Number(result.lastInsertRowid);
      appendEvent(db, id, 'begin', at, { operation, override: override ?? null });
      return id;
    });
  }

  return begin;
}
