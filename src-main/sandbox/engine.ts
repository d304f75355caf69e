import type { SandboxContext } from './context';
import { expireCardOrders } from './domain/card-orders';
import { expireDueInvoices } from './domain/invoices';
import { advanceWallets } from './domain/wallets';
import { advanceWithdrawals } from './domain/withdrawals';
import { stepPrices } from './market';
import type { WebhookDispatcher } from './webhooks';

/**
 * Brings every clock-driven state machine up to "now". Called on a timer in real-time mode, after each
 * clock advance, and at the start of every request so a read never shows a stale state.
 */
export function tick(ctx: SandboxContext, webhooks: WebhookDispatcher): void {
  const now = ctx.clock.now();
  const changed = [
    stepPrices(ctx.state, ctx.rng, now),
    expireDueInvoices(ctx, now),
    advanceWithdrawals(ctx, now),
    advanceWallets(ctx, now),
    expireCardOrders(ctx, now),
  ].some(Boolean);
  if (changed) ctx.save();
  webhooks.pump();
}
