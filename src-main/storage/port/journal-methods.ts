import type { JournalStore } from './journal-store';

/**
 * The journal port's methods that take and give plain data: what the storage worker serves by name
 * and what a switchable journal forwards. The others (a gradual check, an export's stream, close)
 * each have a mechanism of their own in both.
 */
export const JOURNAL_DATA_METHODS = [
  'begin',
  'settle',
  'resolve',
  'applyWithdrawalEvent',
  'applyInvoiceEvent',
  'get',
  'list',
  'events',
  'findUnknown',
  'findAcceptedWithoutWithdrawalId',
  'attachWithdrawalId',
  'recordRate',
  'recordDeposit',
  'deposits',
  'page',
  'openEntries',
  'pairs',
  'verifyChain',
  'verifyChainUpTo',
  'diagnostics',
] as const satisfies readonly (keyof JournalStore)[];
