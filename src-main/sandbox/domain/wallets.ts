import { addDecimal, isDecimalString, isZero, subtractDecimal } from '@shared/money/exact';
import { iso } from '../clock';
import { ControlError, type SandboxContext } from '../context';
import { balanceOf, credit, newAddress, newId, newTxHash, pairKey } from '../state';
import type { WalletRecord, WalletType } from '../types';
import { qrUrl } from './invoice-view';

export const WALLET_LIMIT = 100;
export const WALLET_WINDOW_MS = 60_000;
/** A merchant-type wallet is provisioned asynchronously; a second request meanwhile gets 409. */
export const MERCHANT_WALLET_PROVISION_MS = 2_000;
/** Held static-wallet deposits become available after this much clock time. */
export const HOLD_MS = 10 * 60 * 1000;
export const WALLET_TX_EVENT = 'wallet.transaction';

/** Successful creations inside the sliding 60 s window (old entries are pruned as a side effect). */
export function recentCreations(ctx: SandboxContext, merchantId: string): number {
  const now = ctx.clock.now();
  const kept = (ctx.state.walletCreations[merchantId] ?? []).filter((t) => t > now - WALLET_WINDOW_MS);
  ctx.state.walletCreations[merchantId] = kept;
  return kept.length;
}

export function createWallet(
  ctx: SandboxContext,
  merchantId: string,
  input: { coin: string; network: string; type: WalletType; label: string | null; webhookUrl: string | null },
): WalletRecord {
  const now = ctx.clock.now();
  const wallet: WalletRecord = {
    id: newId(ctx.state, ctx.rng, 'wal'),
    merchantId,
    coin: input.coin,
    network: input.network,
    address: newAddress(ctx.rng, input.network),
    type: input.type,
    label: input.label,
    webhookUrl: input.webhookUrl,
    status: input.type === 'merchant' ? 'creating' : 'active',
    readyAt: input.type === 'merchant' ? now + MERCHANT_WALLET_PROVISION_MS : now,
    createdAt: now,
  };
  ctx.state.wallets[wallet.id] = wallet;
  (ctx.state.walletCreations[merchantId] ??= []).push(now);
  return wallet;
}

export function walletView(ctx: SandboxContext, w: WalletRecord): Record<string, unknown> {
  return {
    id: w.id,
    address: w.address,
    coin: w.coin,
    network: w.network,
    type: w.type,
    label: w.label,
    status: w.status,
    webhook_url: w.webhookUrl,
    qr_code_url: qrUrl(ctx, w.id),
    created_at: iso(w.createdAt),
  };
}

/** Control: a deposit reaches a static wallet; `held` keeps it frozen for HOLD_MS. */
export function depositToWallet(
  ctx: SandboxContext,
  walletId: string,
  input: { amount: string; txHash?: string; held?: boolean },
): Record<string, unknown> {
  const wallet = ctx.state.wallets[walletId];
  if (!wallet || wallet.type === 'invoice') throw new ControlError(404, `Wallet ${walletId} not found`);
  if (!isDecimalString(input.amount) || isZero(input.amount))
    throw new ControlError(400, 'amount must be a positive decimal string');
  const merchant = ctx.state.merchants[wallet.merchantId];
  if (!merchant) throw new ControlError(404, 'Merchant not found');
  const pair = pairKey(wallet.coin, wallet.network);
  credit(merchant, pair, input.amount);
  if (input.held) {
    const bal = balanceOf(merchant, pair);
    bal.frozen = addDecimal(bal.frozen, input.amount);
    ctx.state.holds.push({
      merchantId: merchant.id,
      pair,
      amount: input.amount,
      releaseAt: ctx.clock.now() + HOLD_MS,
    });
  }
  const data = {
    wallet_id: wallet.id,
    address: wallet.address,
    coin: wallet.coin,
    network: wallet.network,
    amount: input.amount,
    tx_hash: input.txHash ?? newTxHash(ctx.rng, wallet.network),
    status: input.held ? 'held' : 'confirmed',
    label: wallet.label,
    created_at: iso(ctx.clock.now()),
  };
  ctx.emit({ merchantId: merchant.id, event: WALLET_TX_EVENT, data, url: wallet.webhookUrl });
  return data;
}

export function advanceWallets(ctx: SandboxContext, now: number): boolean {
  let changed = false;
  for (const w of Object.values(ctx.state.wallets)) {
    if (w.status === 'creating' && w.readyAt <= now) {
      w.status = 'active';
      changed = true;
    }
  }
  const due = ctx.state.holds.filter((h) => h.releaseAt <= now);
  for (const hold of due) {
    const merchant = ctx.state.merchants[hold.merchantId];
    if (merchant) {
      const bal = balanceOf(merchant, hold.pair);
      bal.frozen = subtractDecimal(bal.frozen, hold.amount);
    }
  }
  if (due.length > 0) {
    ctx.state.holds = ctx.state.holds.filter((h) => h.releaseAt > now);
    changed = true;
  }
  return changed;
}
