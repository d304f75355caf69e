import { createBridge, type UncheckedMerchantApi } from '@bridge';
import type { AssetPair, RateRow, RatesSnapshot } from '@contract';
import { verbPath } from '@shared/ipc-channels';
import { loadContractCheck } from '@renderer/lib/contract-loader';

// The renderer builds the contract's schemas on the first answer or push (an async import, see
// lib/contract-loader.ts); screen tests start with them built, as the app is a moment after its start.
await loadContractCheck();

type Listener = (payload: unknown) => void;

export interface FakeMerchant {
  api: UncheckedMerchantApi;
  calls: { channel: string; request: unknown }[];
  emit: (event: string, payload: unknown) => void;
}

/**
 * A stand-in for `window.merchant`, built with the preload's own createBridge over a fake transport,
 * so the stores see exactly what they would in the app: lib/ipc.ts checks answers against the
 * contract, turns malformed ones into errors and drops bad pushes. Each "group.verb" answers with the handler given, or
 * a not-found error. Installed on globalThis.window, which is where the stores look for the bridge.
 */
export function installFakeMerchant(handlers: Record<string, (request: unknown) => unknown>): FakeMerchant {
  const calls: FakeMerchant['calls'] = [];
  const listeners = new Map<string, Set<Listener>>();
  const api = createBridge({
    async invoke(channel, request) {
      const name = verbPath(channel).join('.');
      calls.push({ channel: name, request });
      const handler = handlers[name];
      if (!handler) return { ok: false, error: { kind: 'not-found', message: `no fake for ${name}` } };
      return handler(request);
    },
    subscribe(event, listener) {
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  });
  (globalThis as { window?: unknown }).window = { merchant: api };
  return { api, calls, emit: (event, payload) => listeners.get(event)?.forEach((l) => l(payload)) };
}

export function removeFakeMerchant(): void {
  delete (globalThis as { window?: unknown }).window;
}

export function pair(coin: string, network: string, extra: Partial<AssetPair> = {}): AssetPair {
  return {
    coin,
    network,
    networkName: network.toUpperCase(),
    depositEnabled: true,
    withdrawEnabled: true,
    minDeposit: '1',
    minWithdrawal: '10',
    maxWithdrawal: '1000',
    networkFee: '0.5',
    decimals: 6,
    serviceFeePercent: '1',
    inCatalog: true,
    ...extra,
  };
}

export function rate(
  symbol: string,
  usdPrice: string | null,
  openPrice: string | null = usdPrice,
  name = symbol.toUpperCase(),
): RateRow {
  return { symbol, name, type: 'crypto', usdPrice, openPrice, pairs: [pair(symbol, 'main')] };
}

export function snapshot(rows: RateRow[], extra: Partial<RatesSnapshot> = {}): RatesSnapshot {
  const history: Record<string, string[]> = {};
  for (const r of rows) if (r.usdPrice) history[r.symbol] = [r.usdPrice];
  return {
    profileId: 'sandbox',
    rows,
    history,
    lastTickAt: '2025-01-01T00:00:00.000Z',
    stale: false,
    paused: false,
    error: null,
    ...extra,
  };
}
