import type { SoakOperation } from './workload';

/** A journal row as the soak reads it back: its state, how it was resolved, and the write it names. */
export interface JournalRow {
  id: string;
  operation: SoakOperation;
  state: 'sending' | 'accepted' | 'rejected' | 'unknown' | 'resolved-performed' | 'resolved-not-performed';
  /** 'evidence' or 'person' once an unknown row was resolved. */
  resolvedBy: string | null;
  /** The write's key (workload.ts); null when the row does not say (that is itself reported). */
  key: string | null;
}

/** One thing the sandbox performed, by its own record. */
export interface PerformedRecord {
  operation: SoakOperation;
  key: string;
  id: string;
}

export interface OperationCounts {
  performed: number;
  rows: number;
  accepted: number;
  rejected: number;
  /** Rows that were unknown at some point: still unknown, or resolved since. */
  unknown: number;
  resolvedByEvidence: number;
  resolvedByPerson: number;
  /** Still unknown, and the sandbox did not perform it: no evidence can ever arrive. */
  openNotPerformed: number;
  /** Still unknown although the sandbox performed it: evidence should have resolved it. */
  openPerformed: number;
  repeated: number;
  lost: number;
  phantom: number;
  /** Rows whose write cannot be told (no key): every one is a finding. */
  unnamed: number;
}

export type Comparison = Record<SoakOperation, OperationCounts> & { problems: string[] };

export const OPERATIONS: SoakOperation[] = ['createInvoice', 'createWithdrawal', 'createWalletAddress'];

const zero = (): OperationCounts => ({
  performed: 0,
  rows: 0,
  accepted: 0,
  rejected: 0,
  unknown: 0,
  resolvedByEvidence: 0,
  resolvedByPerson: 0,
  openNotPerformed: 0,
  openPerformed: 0,
  repeated: 0,
  lost: 0,
  phantom: 0,
  unnamed: 0,
});

const CLAIMS = new Set<JournalRow['state']>(['accepted', 'resolved-performed']);
const OPEN = new Set<JournalRow['state']>(['unknown', 'sending']);

/**
 * The journal against the sandbox's own record, write by write (by key). A write performed more than
 * once is repeated; performed but claimed by no row and left open by none is lost; claimed by more
 * rows than the sandbox performed is phantom. Every problem is also listed in words.
 */
export function compareRecords(rows: JournalRow[], performed: PerformedRecord[]): Comparison {
  const result: Comparison = {
    createInvoice: zero(),
    createWithdrawal: zero(),
    createWalletAddress: zero(),
    problems: [],
  };
  const groups = new Map<string, { operation: SoakOperation; rows: JournalRow[]; done: PerformedRecord[] }>();
  const group = (operation: SoakOperation, key: string) => {
    const id = `${operation} ${key}`;
    let found = groups.get(id);
    if (!found) groups.set(id, (found = { operation, rows: [], done: [] }));
    return found;
  };
  for (const row of rows) {
    const counts = result[row.operation];
    counts.rows += 1;
    if (row.state === 'accepted') counts.accepted += 1;
    if (row.state === 'rejected') counts.rejected += 1;
    if (OPEN.has(row.state) || row.state.startsWith('resolved-')) counts.unknown += 1;
    if (row.resolvedBy === 'evidence') counts.resolvedByEvidence += 1;
    if (row.resolvedBy === 'person') counts.resolvedByPerson += 1;
    if (row.key === null) {
      counts.unnamed += 1;
      result.problems.push(`journal entry ${row.id} (${row.operation}, ${row.state}) names no write`);
    } else group(row.operation, row.key).rows.push(row);
  }
  for (const record of performed) {
    result[record.operation].performed += 1;
    group(record.operation, record.key).done.push(record);
  }
  for (const [name, { operation, rows: mine, done }] of groups) {
    const counts = result[operation];
    const claims = mine.filter((r) => CLAIMS.has(r.state)).length;
    const open = mine.filter((r) => OPEN.has(r.state)).length;
    const entries = mine.map((r) => `${r.id}:${r.state}`).join(', ') || 'none';
    const records = done.map((r) => r.id).join(', ');
    if (done.length > 1) {
      counts.repeated += done.length - 1;
      result.problems.push(
        `repeated: ${name} performed ${done.length} times (${records}); entries ${entries}`,
      );
    }
    if (claims > done.length) {
      counts.phantom += claims - done.length;
      result.problems.push(
        `phantom: ${name} claimed by ${claims} entries (${entries}), performed ${done.length}`,
      );
    }
    if (done.length > 0 && claims === 0 && open === 0) {
      counts.lost += 1;
      result.problems.push(`lost: ${name} performed (${records}) but the journal says ${entries}`);
    }
    if (done.length > 0 && claims === 0 && open > 0) {
      counts.openPerformed += 1;
      counts.openNotPerformed += open - 1;
    } else counts.openNotPerformed += open;
  }
  return result;
}

/**
 * The invariants of issue 13. An unknown invoice can always be settled (re-submitting its order id
 * answers either way) and a performed withdrawal always sends webhooks, so an open row of either that
 * evidence should have settled fails the run; a wallet creation has no evidence the desk can receive,
 * so an open wallet row is reported, not failed.
 */
export function failedInvariants(comparison: Comparison): string[] {
  const failed: string[] = [];
  for (const op of OPERATIONS) {
    const c = comparison[op];
    for (const field of ['repeated', 'lost', 'phantom', 'unnamed'] as const)
      if (c[field] > 0) failed.push(`${op}: ${field} ${c[field]} (must be 0)`);
  }
  const invoices = comparison.createInvoice;
  if (invoices.openPerformed + invoices.openNotPerformed > 0)
    failed.push(
      `createInvoice: ${invoices.openPerformed + invoices.openNotPerformed} left unknown after the order-id check`,
    );
  if (comparison.createWithdrawal.openPerformed > 0)
    failed.push(
      `createWithdrawal: ${comparison.createWithdrawal.openPerformed} performed but left unknown after its webhooks`,
    );
  return failed;
}
