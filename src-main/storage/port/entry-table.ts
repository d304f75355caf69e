import { EntryState, Operation, Settlement } from './types';

/** Values as an SQL list of string literals (fixed names of the port's, never input). */
const sqlList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * The entries table's own columns, `operation` to `updated_at`, as both rooms' first migration wrote
 * them: the desk's journal (sqlite/migrations.ts) and the team ledger (pg/migrations/001), which adds
 * the state `intent` (`extraStates`) and its columns after these. `text` is the dialect's spelling of
 * the type, `indent` the migration's. Both migrations have run on desks and servers: the text this
 * writes must never change (test/unit/storage/pg/migrations-frozen.test.ts pins the server's).
 */
export const entryColumnsSql = (text: 'text' | 'TEXT', indent: string, extraStates: readonly string[] = []) =>
  [
    `operation ${text} NOT NULL CHECK (operation IN (${sqlList(Operation.options)})),`,
    `profile_id ${text} NOT NULL,`,
    `environment ${text} NOT NULL CHECK (environment IN ('sandbox', 'live')),`,
    `state ${text} NOT NULL CHECK (state IN (${sqlList([...extraStates, ...EntryState.options])})),`,
    `request_body ${text} NOT NULL,`,
    `order_id ${text}, coin ${text}, network ${text}, amount ${text}, to_address ${text}, invoice_code ${text},`,
    `invoice_id ${text}, withdrawal_id ${text}, wallet_id ${text}, card_order_id ${text},`,
    `response_json ${text}, error_json ${text},`,
    `settlement ${text} CHECK (settlement IS NULL OR settlement IN (${sqlList(Settlement.options)})),`,
    `invoice_status ${text},`,
    `override_reason ${text},`,
    `resolution_json ${text},`,
    `created_at ${text} NOT NULL,`,
    `updated_at ${text} NOT NULL`,
  ]
    .map((line) => `${indent}${line}`)
    .join('\n');
