import type { EntryState, Environment, JournalEntry, Operation, Resolution, Settlement } from './types';

/**
 * An `entries` row as the journal's storage returns it (SQLite's table; the team ledger selects the
 * same names).
 */
export interface EntryRow {
  id: number;
  operation: Operation;
  profile_id: string;
  environment: Environment;
  state: EntryState;
  request_body: string;
  order_id: string | null;
  coin: string | null;
  network: string | null;
  amount: string | null;
  to_address: string | null;
  invoice_code: string | null;
  invoice_id: string | null;
  withdrawal_id: string | null;
  wallet_id: string | null;
  card_order_id: string | null;
  response_json: string | null;
  error_json: string | null;
  settlement: Settlement | null;
  invoice_status: string | null;
  override_reason: string | null;
  resolution_json: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * An entry's columns, by name, in the table's order: what both rooms' hash chains seal of an entry
 * (the desk's journal under encoding entry-v2, sqlite/chain-rules.ts; the team ledger's snapshot,
 * pg/migrations/001-core-entries.ts, with its own columns after these). Both are frozen: a column
 * added here would change every hash already written, so a new one goes in a new encoding.
 */
export const ENTRY_COLUMNS = [
  'id',
  'operation',
  'profile_id',
  'environment',
  'state',
  'request_body',
  'order_id',
  'coin',
  'network',
  'amount',
  'to_address',
  'invoice_code',
  'invoice_id',
  'withdrawal_id',
  'wallet_id',
  'card_order_id',
  'response_json',
  'error_json',
  'settlement',
  'invoice_status',
  'override_reason',
  'resolution_json',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof EntryRow)[];

// Stored JSON is ours, but a damaged or edited row must show as damaged, not break the whole list
// (verifyChain is what reports the tampering).
export const UNREADABLE = { unreadable: 'this stored value is not valid JSON; run the chain check' };
export const parseStored = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return UNREADABLE;
  }
};

const STORED_JSON: [keyof EntryRow, string][] = [
  ['response_json', 'The recorded answer cannot be read.'],
  ['error_json', 'The recorded error cannot be read.'],
  ['resolution_json', 'The recorded resolution cannot be read.'],
  ['request_body', 'The recorded request cannot be read.'],
];

/** What is wrong with the row as stored, in words; empty for a sound row. */
export function damageOf(row: EntryRow): string[] {
  const found = STORED_JSON.filter(
    ([column]) => parseStored(row[column] as string | null) === UNREADABLE,
  ).map(([, words]) => words);
  for (const column of ['created_at', 'updated_at'] as const) {
    const value = row[column];
    if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
      found.push(`The recorded time (${column}) is not a valid time.`);
  }
  return found;
}

/**
 * An accepted answer that was not as documented keeps its gaps in the otherwise unused error_json
 * column, under this kind, so the schema needs no migration. It is shown as `warnings`, never as an
 * error: the service did perform the operation.
 */
export const ANSWER_GAPS = 'answer-gaps';

export function answerGaps(warnings: string[]) {
  return { kind: ANSWER_GAPS, message: 'Accepted, but the answer was not as documented.', warnings };
}

function splitError(stored: unknown): { error: unknown; warnings: string[] } {
  const gaps = stored as { kind?: unknown; warnings?: unknown } | null;
  if (gaps?.kind === ANSWER_GAPS && Array.isArray(gaps.warnings)) {
    return { error: null, warnings: gaps.warnings.filter((w): w is string => typeof w === 'string') };
  }
  return { error: stored, warnings: [] };
}

export function toEntry(row: EntryRow): JournalEntry {
  return {
    id: row.id,
    operation: row.operation,
    profileId: row.profile_id,
    environment: row.environment,
    state: row.state,
    requestBody: row.request_body,
    orderId: row.order_id,
    coin: row.coin,
    network: row.network,
    amount: row.amount,
    toAddress: row.to_address,
    invoiceCode: row.invoice_code,
    invoiceId: row.invoice_id,
    withdrawalId: row.withdrawal_id,
    walletId: row.wallet_id,
    cardOrderId: row.card_order_id,
    response: parseStored(row.response_json),
    ...splitError(parseStored(row.error_json)),
    settlement: row.settlement,
    invoiceStatus: row.invoice_status,
    overrideReason: row.override_reason,
    resolution: parseStored(row.resolution_json) as Resolution | null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    damage: damageOf(row),
  };
}
