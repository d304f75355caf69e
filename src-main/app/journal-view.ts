import type { JournalEntry as EntryView } from '@contract';
import type { JournalEntry } from '../storage/port';

/** The journal row as the renderer sees it: the request body stays in main (it is in the CSV export). */
export function toEntryView(entry: JournalEntry): EntryView {
  const defined = (record: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(record).filter(([, v]) => v !== null && v !== undefined));
  return {
    id: String(entry.id),
    operation: entry.operation,
    profileId: entry.profileId,
    environment: entry.environment,
    state: entry.state,
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt,
    fields: defined({
      orderId: entry.orderId,
      coin: entry.coin,
      network: entry.network,
      amount: entry.amount,
      toAddress: entry.toAddress,
      invoiceStatus: entry.invoiceStatus,
      overrideReason: entry.overrideReason,
    }),
    externalIds: defined({
      invoiceId: entry.invoiceId,
      invoiceCode: entry.invoiceCode,
      withdrawalId: entry.withdrawalId,
      walletId: entry.walletId,
      cardOrderId: entry.cardOrderId,
    }),
    settlement: entry.settlement,
    resolution: entry.resolution,
    response: entry.response ?? null,
    error: entry.error ?? null,
    ...(entry.warnings.length > 0 ? { warnings: entry.warnings } : {}),
    ...(entry.damage.length > 0 ? { damage: entry.damage } : {}),
  };
}
