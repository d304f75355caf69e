import type { ApiClient, SendOptions, WriteRequest } from '@main/api/client';
import type { InvoiceBody, WalletBody, WithdrawalBody } from '@shared/domain/operations';

/**
 * The client as these tests drive it: each write prepared, then sent at once (the app's use case
 * commits the journal's intent between the two). Bodies are typed as the IPC boundary parses them.
 */
export function withWrites(client: ApiClient) {
  const write = async <R extends WriteRequest>(request: R, options?: SendOptions) =>
    client.send(await client.prepare(request), options);
  return Object.assign(client, {
    createInvoice: (body: InvoiceBody, o?: SendOptions) => write({ operation: 'createInvoice', body }, o),
    createWithdrawal: (body: WithdrawalBody, o?: SendOptions) =>
      write({ operation: 'createWithdrawal', body }, o),
    createWalletAddress: (body: WalletBody, o?: SendOptions) =>
      write({ operation: 'createWalletAddress', body }, o),
    createProviderCardOrder: (order: { invoiceCode: string; email?: string | null }, o?: SendOptions) =>
      write({ operation: 'createProviderCardOrder', ...order }, o),
  });
}
export type TestClient = ReturnType<typeof withWrites>;
