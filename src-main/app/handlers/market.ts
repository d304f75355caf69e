import type { IpcRouter } from '../../ipc/router';
import { toBalancesView } from '../../services/balances-view';
import { catalogPairs } from '../../services/rates-view';
import type { AppContext } from '../context';

export function registerMarketHandlers(router: IpcRouter, ctx: AppContext): void {
  router.handle('balances:get', async () => {
    const data = await ctx.read((s) => s.client.getMerchantBalances());
    const view = toBalancesView(data, new Date());
    ctx.balanceHistory().record({ at: view.fetchedAt, totalUsd: view.totalUsd });
    return view;
  });
  router.handle('balances:history', () => ({ points: ctx.balanceHistory().points() }));
  router.handle('fees:get', async () => {
    const fees = await ctx.read((s) => s.client.getMerchantFees());
    // Beside the merchant's own quote, the public catalog (clearly labelled as such in the UI).
    return { fees, fetchedAt: new Date().toISOString(), catalog: catalogPairs(ctx.rates().snapshot().rows) };
  });
  router.handle('rates:snapshot', () => ctx.rates().snapshot());
  router.handle('rates:pause', ({ paused }) => ctx.rates().setPaused(paused));
  router.handle('clock:skew', () => ctx.session().client.getClockSkew() ?? null);
  router.handle('connection:status', () => ctx.connection.status());
  router.handle('invoices:get', ({ code }) => ctx.read((s) => s.client.getInvoice(code)));
  router.handle('wallets:qr', async ({ walletId }) => {
    const image = await ctx.read((s) => s.client.getWalletQrCode(walletId));
    return { contentType: image.contentType, base64: Buffer.from(image.bytes).toString('base64') };
  });
  router.handle('shell:open-checkout', async ({ url }) => ({ opened: await ctx.openExternal(url) }));
}
