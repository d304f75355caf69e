import { isDecimalString } from '@shared/money/exact';
import { JournalError } from '../port/errors';
import type { KeyFields, Operation } from '../port/types';

export type { KeyFields };

const REQUIRED: Record<Operation, (keyof KeyFields)[]> = {
  createInvoice: ['orderId', 'amount'],
  createWithdrawal: ['coin', 'network', 'amount', 'toAddress'],
  createWalletAddress: ['coin', 'network'],
  createProviderCardOrder: ['invoiceCode'],
};

const BODY_NAME: Record<keyof KeyFields, string> = {
  orderId: 'order_id',
  coin: 'coin',
  network: 'network',
  amount: 'amount',
  toAddress: 'to_address',
  invoiceCode: 'invoiceCode',
};

function text(body: Record<string, unknown>, name: string): string | null {
  const value = body[name];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.trim() === '') {
    throw new JournalError('invalid', `${name} in the request body must be a non-empty string`);
  }
  return value;
}

// Twin in SQL: md.key_fields (storage/pg/migrations/001-core-begin.ts); test/integration/team/pg-rules.test.ts
// runs the same cases through both.
/**
 * The matching fields come from the body itself (not from a separate argument), so what the journal
 * matches duplicates on is always what was actually sent.
 */
export function extractFields(
  operation: Operation,
  body: Record<string, unknown>,
  invoiceCode?: string,
): KeyFields {
  const fields: KeyFields = {
    orderId: text(body, 'order_id'),
    coin: text(body, 'coin'),
    network: text(body, 'network'),
    amount: text(body, 'amount'),
    toAddress: text(body, 'to_address'),
    invoiceCode: invoiceCode ?? null,
  };
  if (fields.amount !== null && !isDecimalString(fields.amount)) {
    throw new JournalError('invalid', 'amount in the request body must be a decimal string such as "12.50"');
  }
  for (const key of REQUIRED[operation]) {
    if (fields[key] === null) throw new JournalError('invalid', `${operation} needs ${BODY_NAME[key]}`);
  }
  return fields;
}
