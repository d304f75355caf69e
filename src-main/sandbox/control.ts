import { isDecimalString } from '@shared/money/exact';
import { ControlError, type SandboxContext } from './context';
import { setCardOrderStatus } from './domain/card-orders';
import {
  amlRejectInvoice,
  expireInvoice,
  findInvoice,
  payInvoice,
  selectCoin,
  type PayInput,
} from './domain/invoices';
import { invoiceView } from './domain/invoice-view';
import { completeWithdrawal, failWithdrawal, withdrawalView } from './domain/withdrawals';
import { depositToWallet, walletView } from './domain/wallets';
import type { FaultSpec, FaultTable, QueuedFault } from './faults';
import { findPair } from './market-data';
import { credit, merchantFromSeed, pairKey } from './state';
import type { DeliveryRecord, MerchantRecord, MerchantSeed, SandboxState } from './types';
import { TEST_EVENT, type WebhookDispatcher } from './webhooks';
import { iso } from './clock';

type View = Record<string, unknown>;

/** Simulated time, and how far it runs ahead of the service's own clock (the Date header's). */
export interface ClockView {
  now: string;
  ms: number;
  jumpedMs: number;
}

/** Everything the HTTP control API can do, callable directly by the embedding process and tests. */
export interface SandboxControl {
  payInvoice(code: string, input?: PayInput): View;
  selectInvoiceCoin(code: string, coin: string, network: string): View;
  expireInvoice(code: string): View;
  amlRejectInvoice(code: string): View;
  invoice(code: string): View;
  completeWithdrawal(id: string): View;
  failWithdrawal(id: string, reason?: string): View;
  withdrawals(merchantId?: string): View[];
  creditBalance(merchantId: string, coin: string, network: string, amount: string): View;
  addMerchant(seed: MerchantSeed): View;
  merchant(id: string): View;
  suspendMerchant(id: string, suspended?: boolean): View;
  setWithdrawalPermission(id: string, allowed: boolean): View;
  setCallbackUrl(id: string, url: string | null): View;
  setWithdrawalFeePayer(id: string, payer: 'merchant' | 'recipient'): View;
  depositToWallet(walletId: string, input: { amount: string; txHash?: string; held?: boolean }): View;
  wallets(merchantId?: string): View[];
  setCardOrderStatus(id: string, status: string): View;
  setCardProviderAvailable(available: boolean): void;
  sendTestWebhook(merchantId: string): DeliveryRecord[];
  setDuplicateWebhooks(enabled: boolean): void;
  deliveries(merchantId?: string): DeliveryRecord[];
  flushWebhooks(): Promise<void>;
  advanceClock(ms: number): { now: string; ms: number };
  /** Simulated time only, ahead or back (negative ms); the service's own clock is not moved. */
  jumpClock(ms: number): ClockView;
  /** Simulated time back with the service's own clock. */
  clockToNow(): ClockView;
  clock(): ClockView;
  now(): number;
  injectFault(route: string, spec: FaultSpec, count?: number): void;
  clearFaults(): void;
  faults(): QueuedFault[];
  reset(): void;
  state(): SandboxState;
}

export interface ControlDeps {
  ctx: SandboxContext;
  faults: FaultTable;
  webhooks: WebhookDispatcher;
  tick(): void;
  reset(): void;
}

function merchantView(m: MerchantRecord): View {
  return {
    id: m.id,
    name: m.name,
    callback_url: m.callbackUrl,
    allow_withdrawals: m.allowWithdrawals,
    suspended: m.suspended,
    withdrawal_fee_payer: m.withdrawalFeePayer,
    balances: m.balances,
  };
}

export function createControl({ ctx, faults, webhooks, tick, reset }: ControlDeps): SandboxControl {
  // Every mutation commits before returning, exactly like a request would.
  const commit = <T>(fn: () => T): T => {
    const result = fn();
    ctx.save();
    webhooks.pump();
    return result;
  };
  const merchant = (id: string): MerchantRecord => {
    const m = ctx.state.merchants[id];
    if (!m) throw new ControlError(404, `Merchant ${id} not found`);
    return m;
  };
  const inv = (code: string) => findInvoice(ctx, code);
  const clockView = (): ClockView => {
    const now = ctx.clock.now();
    return { now: iso(now), ms: now, jumpedMs: ctx.clock.jumpedMs() };
  };

  return {
    payInvoice: (code, input = {}) => commit(() => invoiceView(ctx, payInvoice(ctx, inv(code), input))),
    selectInvoiceCoin: (code, coin, network) =>
      commit(() => {
        const i = inv(code);
        selectCoin(ctx, i, coin, network);
        return invoiceView(ctx, i);
      }),
    expireInvoice: (code) => commit(() => invoiceView(ctx, expireInvoice(ctx, inv(code)))),
    amlRejectInvoice: (code) => commit(() => invoiceView(ctx, amlRejectInvoice(ctx, inv(code)))),
    invoice: (code) => invoiceView(ctx, inv(code)),
    completeWithdrawal: (id) => commit(() => withdrawalView(completeWithdrawal(ctx, id))),
    failWithdrawal: (id, reason) => commit(() => withdrawalView(failWithdrawal(ctx, id, reason))),
    withdrawals: (merchantId) =>
      Object.values(ctx.state.withdrawals)
        .filter((w) => merchantId === undefined || w.merchantId === merchantId)
        .map((w) => ({ merchant_id: w.merchantId, ...withdrawalView(w) })),
    creditBalance: (merchantId, coin, network, amount) =>
      commit(() => {
        const m = merchant(merchantId);
        if (!findPair(coin, network)) throw new ControlError(400, `Unknown pair ${coin}/${network}`);
        if (!isDecimalString(amount)) throw new ControlError(400, 'amount must be a decimal string');
        credit(m, pairKey(coin, network), amount);
        return merchantView(m);
      }),
    addMerchant: (seed) =>
      commit(() => {
        if (ctx.state.merchants[seed.id]) throw new ControlError(409, `Merchant ${seed.id} exists`);
        const m = merchantFromSeed(seed);
        ctx.state.merchants[m.id] = m;
        return merchantView(m);
      }),
    merchant: (id) => merchantView(merchant(id)),
    suspendMerchant: (id, suspended = true) =>
      commit(() => merchantView(Object.assign(merchant(id), { suspended }))),
    setWithdrawalPermission: (id, allowed) =>
      commit(() => merchantView(Object.assign(merchant(id), { allowWithdrawals: allowed }))),
    setCallbackUrl: (id, url) =>
      commit(() => merchantView(Object.assign(merchant(id), { callbackUrl: url }))),
    setWithdrawalFeePayer: (id, payer) =>
      commit(() => merchantView(Object.assign(merchant(id), { withdrawalFeePayer: payer }))),
    depositToWallet: (walletId, input) => commit(() => depositToWallet(ctx, walletId, input)),
    wallets: (merchantId) =>
      Object.values(ctx.state.wallets)
        .filter((w) => merchantId === undefined || w.merchantId === merchantId)
        .map((w) => ({ merchant_id: w.merchantId, ...walletView(ctx, w) })),
    setCardOrderStatus: (id, status) =>
      commit(() => {
        const o = setCardOrderStatus(ctx, id, status);
        return { id: o.id, local_status: o.localStatus, invoice_code: o.invoiceCode };
      }),
    setCardProviderAvailable: (available) =>
      commit(() => void (ctx.state.settings.cardProviderAvailable = available)),
    sendTestWebhook: (merchantId) =>
      commit(() => {
        const m = merchant(merchantId);
        const data = {
          merchant_id: m.id,
          message: 'This is a test webhook from the sandbox.',
          sent_at: iso(ctx.clock.now()),
        };
        return webhooks.enqueue({ merchantId: m.id, event: TEST_EVENT, data });
      }),
    setDuplicateWebhooks: (enabled) => commit(() => void (ctx.state.settings.duplicateWebhooks = enabled)),
    deliveries: (merchantId) =>
      structuredClone(
        ctx.state.deliveries.filter((d) => merchantId === undefined || d.merchantId === merchantId),
      ),
    flushWebhooks: () => webhooks.flush(),
    advanceClock: (ms) => {
      if (!Number.isSafeInteger(ms) || ms < 0)
        throw new ControlError(400, 'ms must be a non-negative integer');
      const now = ctx.clock.advance(ms);
      tick();
      return { now: iso(now), ms: now };
    },
    jumpClock: (ms) => {
      if (!Number.isSafeInteger(ms)) throw new ControlError(400, 'ms must be an integer');
      try {
        ctx.clock.jump(ms);
      } catch (error) {
        throw new ControlError(409, error instanceof Error ? error.message : String(error));
      }
      // Going ahead runs every transition that fell due; going back runs none (nothing is undone).
      tick();
      ctx.save();
      return clockView();
    },
    clockToNow: () => {
      ctx.clock.jumpToNow();
      ctx.save();
      return clockView();
    },
    clock: () => clockView(),
    now: () => ctx.clock.now(),
    injectFault: (route, spec, count = 1) => {
      if (!Number.isSafeInteger(count) || count < 1)
        throw new ControlError(400, 'count must be a positive integer');
      faults.add(route, spec, count);
    },
    clearFaults: () => faults.clear(),
    faults: () => faults.list(),
    reset: () => reset(),
    state: () => structuredClone(ctx.state),
  };
}
