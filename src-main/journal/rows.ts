import type {
  EntryState,
  Environment,
  JournalEntry,
  JournalEvent,
  Operation,
  Resolution,
  Settlement,
} from './types';

/** An `entries` row exactly as SQLite returns it. */
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

// Stored JSON is ours, but a damaged or edited row must show as damaged, not break the whole list
// (verifyChain is what reports the tampering).
const parse = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { unreadable: 'this stored value is not valid JSON; run the chain check' };
  }
};

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
    response: parse(row.response_json),
    error: parse(row.error_json),
    settlement: row.settlement,
    invoiceStatus: row.invoice_status,
    overrideReason: row.override_reason,
    resolution: parse(row.resolution_json) as Resolution | null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toEvent(row: {
  seq: number;
  entry_id: number;
  type: string;
  at: string;
  content: string;
  hash: string;
}): JournalEvent {
  const content = JSON.parse(row.content) as { detail?: unknown };
  return {
    seq: row.seq,
    entryId: row.entry_id,
    type: row.type,
    at: row.at,
    detail: content.detail ?? null,
    hash: row.hash,
  };
}
