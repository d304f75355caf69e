import type { CoinRates } from '@main/api/schemas';
import { createEmitter } from '@main/app/events';
import { createRatesPoller, tickOf, type FeedSnapshot } from '@main/services/rates-poller';
import type { Redactor } from '@main/security/redactor';

function coinRates(assets: number, tick: number): CoinRates {
  return Array.from({ length: assets }, (_, i) => ({
    coin: { symbol: `C${i}`, name: `Coin ${i}`, type: 'crypto' },
    quotes: [{ currency_to: 'usd', price: `${(i * 7919 + tick * 13) % 100_000}.${i % 100}`, type: 'fiat' }],
    networks: [
      {
        network: `net${i % 7}`,
        name: `Network ${i % 7}`,
        type: 'crypto',
        deposit_enabled: true,
        withdraw_enabled: true,
        min_deposit: '1',
        min_withdrawal: '10',
        max_withdrawal: '50000',
        network_fee: '0.5',
        decimals: 8,
      },
    ],
  }));
}

/**
 * The rates poller of a profile with `assets` listed, ticking every `intervalMs`, publishing through
 * the real emitter (contract check and redactor) to a transport that structured-clones like IPC.
 * Returns the bytes and the time each publication cost main, and a stop function.
 */
export function ratesLoad(assets: number, intervalMs: number, redactor: Redactor) {
  let tick = 0;
  const publishMs: number[] = [];
  let sent = 0;
  const emit = createEmitter({
    send: (_channel, payload) => {
      structuredClone(payload);
      sent++;
    },
    redactor,
    log: (line) => console.error(line),
  });
  const poller = createRatesPoller({
    source: {
      getCoinRates: async () => coinRates(assets, ++tick),
      getCoinCatalog: async () => ({ coins: [] }),
    },
    intervalMs,
    onTick: (snapshot: FeedSnapshot) => {
      const start = performance.now();
      emit('rates:tick', tickOf({ ...snapshot, profileId: 'p-live' }));
      publishMs.push(performance.now() - start);
    },
  });
  return {
    start: () => poller.start(),
    /** One tick's cost on main, measured directly (for the per-asset curve). */
    async tickOnce(): Promise<number> {
      await poller.pollOnce();
      return publishMs[publishMs.length - 1]!;
    },
    stop: () => poller.stop(),
    publishMs,
    sent: () => sent,
  };
}
