import type { IpcRouter } from '../../ipc/router';
import type { AppContext } from '../context';
import { journaledWrite } from '../journaled-write';

/** Errors shaped like the rest, so the renderer shows them in place with the next step. */
class ClockSkewError extends Error {
  readonly kind = 'clock-skew';
}

const walletIdFrom = (qrUrl: unknown): string | undefined => {
  if (typeof qrUrl !== 'string') return undefined;
  return /\/wallet-addresses\/([^/]+)\/qr/.exec(qrUrl)?.[1];
};

export function registerWriteHandlers(router: IpcRouter, ctx: AppContext): void {
  router.handle('invoices:create', (input) =>
    journaledWrite(ctx, ctx.session(), {
      operation: 'createInvoice',
      send: (s, options) => s.client.createInvoice(input, options),
      externalIds: (data) => ({ invoiceId: data.id, invoiceCode: data.code }),
    }),
  );

  router.handle('invoices:card-order', ({ code, email }) =>
    journaledWrite(ctx, ctx.session(), {
      operation: 'createProviderCardOrder',
      invoiceCode: code,
      send: (s, options) =>
        s.client.createProviderCardOrder({ invoiceCode: code, email: email ?? null }, options),
      externalIds: (data) => {
        const id = (data as { id?: unknown } | null)?.id;
        return typeof id === 'string' ? { cardOrderId: id } : {};
      },
    }),
  );

  router.handle('withdrawals:create', async ({ override, ...body }) => {
    // The 300-second window is checked by the service; a clock far off would fail there (at best) or
    // land in the unknown pile (at worst). Measure first, refuse early, say how to fix it.
    const session = ctx.session();
    if (!session.client.getClockSkew()) await session.client.getCoinRates().catch(() => undefined);
    const skew = session.client.getClockSkew();
    if (skew?.breaksWindow) {
      const minutes = Math.round(Math.abs(skew.offsetMs) / 60_000);
      throw new ClockSkewError(
        `This computer's clock is about ${minutes} minutes off the service's. Withdrawals are signed with the time and would be refused. Turn on automatic date and time in your system settings, then try again.`,
      );
    }
    return journaledWrite(ctx, session, {
      operation: 'createWithdrawal',
      ...(override ? { override } : {}),
      send: (s, options) => s.client.createWithdrawal(body, options),
      externalIds: (data) => ({ withdrawalId: String(data.withdrawal_id) }),
    });
  });

  router.handle('wallets:create', ({ webhook_url, ...input }) =>
    journaledWrite(ctx, ctx.session(), {
      operation: 'createWalletAddress',
      send: (s, options) =>
        s.client.createWalletAddress({ ...input, ...(webhook_url ? { webhook_url } : {}) }, options),
      externalIds: (data) => {
        const walletId = walletIdFrom(data.qr_code_url);
        return walletId ? { walletId } : {};
      },
    }),
  );
}
