import { divideDecimal, multiplyDecimal, roundDown, compareDecimal } from '@shared/money/exact';
import { CATALOG_SERVICE_FEE, COINS, findCoin } from './market-data';
import type { Rng } from './rng';
import type { SandboxState } from './types';

/** One walk step per this much clock time; a big clock jump replays at most MAX_STEPS steps. */
const STEP_MS = 5_000;
const MAX_STEPS = 50;

export function initialPrices(): Record<string, string> {
  return Object.fromEntries(COINS.map((c) => [c.symbol, c.startPrice]));
}

export function priceOf(state: SandboxState, symbol: string): string {
  return state.prices[symbol] ?? findCoin(symbol)?.startPrice ?? '0';
}

/**
 * Seeded random walk: each step multiplies by (10000 ± up to 40) / 10000 for volatile assets and keeps
 * stablecoins within 0.995..1.005. All arithmetic is decimal; the random integer only picks the step.
 */
export function stepPrices(state: SandboxState, rng: Rng, now: number): boolean {
  const steps = Math.min(MAX_STEPS, Math.floor((now - state.lastPriceStepAt) / STEP_MS));
  if (steps <= 0) return false;
  state.lastPriceStepAt = now;
  for (let i = 0; i < steps; i++) {
    for (const coin of COINS) {
      const current = priceOf(state, coin.symbol);
      const bp = rng.int(coin.stable ? 5 : 81) - (coin.stable ? 2 : 40);
      const factor = divideDecimal(String(10_000 + bp), '10000', 4);
      let next = roundDown(multiplyDecimal(current, factor), coin.stable ? 4 : 8);
      if (coin.stable) {
        if (compareDecimal(next, '1.005') > 0) next = '1.005';
        if (compareDecimal(next, '0.995') < 0) next = '0.995';
      }
      if (compareDecimal(next, '0') > 0) state.prices[coin.symbol] = next;
    }
  }
  return true;
}

export function buildRates(state: SandboxState): unknown[] {
  const usd = {
    coin: { symbol: 'usd', name: 'US Dollar', type: 'fiat' },
    quotes: [{ currency_to: 'usd', price: '1', type: 'fiat' }],
    networks: [],
  };
  const assets = COINS.map((coin) => ({
    coin: { symbol: coin.symbol, name: coin.name, type: 'crypto' },
    quotes: [{ currency_to: 'usd', price: priceOf(state, coin.symbol), type: 'fiat' }],
    networks: coin.networks
      .filter((n) => !n.hidden)
      .map((n) => ({
        network: n.network,
        name: n.name,
        type: 'crypto',
        deposit_enabled: n.depositEnabled,
        withdraw_enabled: n.withdrawEnabled,
        min_deposit: n.minDeposit,
        min_withdrawal: n.minWithdrawal,
        max_withdrawal: n.maxWithdrawal,
        network_fee: n.networkFee,
        decimals: n.decimals,
      })),
  }));
  return [usd, ...assets];
}

export function buildCatalog(): { coins: unknown[] } {
  const coins = COINS.map((coin) => ({
    coin: { symbol: coin.symbol.toUpperCase(), label: coin.name },
    networks: coin.networks
      .filter((n) => !n.hidden && (n.depositEnabled || n.withdrawEnabled))
      .map((n) => ({
        network: n.network.toUpperCase(),
        title: n.name,
        network_fee: n.networkFee,
        service_fee: CATALOG_SERVICE_FEE,
        min_withdrawal: n.minWithdrawal,
      })),
  })).filter((c) => c.networks.length > 0);
  return { coins };
}
