import { RatesSnapshot, RatesTick, type AssetPair, type RateRow } from '@contract';
import { tickOf } from '@main/services/rates-poller';
import { mulberry32 } from '../stats';

/** Sparkline points kept per asset, as the real poller bounds its history. */
const HISTORY_LIMIT = 60;
const NETWORKS = ['ethereum', 'tron', 'bsc', 'polygon', 'solana', 'arbitrum'];

interface Asset {
  symbol: string;
  name: string;
  /** Price in millionths of a dollar: integer arithmetic keeps the decimal strings exact. */
  micros: bigint;
  open: string;
  pairs: AssetPair[];
  history: string[];
}

function decimal(micros: bigint): string {
  const whole = micros / 1_000_000n;
  const fraction = (micros % 1_000_000n).toString().padStart(6, '0');
  return `${whole}.${fraction}`;
}

function pair(symbol: string, network: string, i: number): AssetPair {
  return {
    coin: symbol,
    network,
    networkName: network[0]!.toUpperCase() + network.slice(1),
    depositEnabled: i % 7 !== 0,
    withdrawEnabled: i % 11 !== 0,
    minDeposit: '1.5',
    minWithdrawal: '10',
    maxWithdrawal: '100000',
    networkFee: '0.8',
    decimals: 6,
    serviceFeePercent: '0.5',
    inCatalog: true,
  };
}

/**
 * A market of `count` assets whose every price moves on each tick, shaped exactly like what main
 * sends: `tick()` as pushed on `rates:tick` (main's own tickOf: no history, the renderer extends its
 * sparklines itself), `snapshot()` as answered to `rates:snapshot` (with every asset's history).
 * Each is validated against the contract's zod schema, so the bench cannot pass by feeding the
 * renderer something it would never receive.
 */
export function createSyntheticMarket(count: number, seed = 5) {
  const next = mulberry32(seed);
  const assets: Asset[] = Array.from({ length: count }, (_, i) => {
    const symbol = `t${i.toString().padStart(3, '0')}`;
    // Prices from a cent to tens of thousands of dollars, like a real listing.
    const micros = BigInt(Math.max(10_000, Math.floor(10 ** (2 + next() * 9))));
    const pairs = NETWORKS.slice(0, 1 + (i % 3)).map((n, k) =>
      pair(symbol, NETWORKS[(i + k) % NETWORKS.length] ?? n, i),
    );
    return {
      symbol,
      name: `Test asset ${i}`,
      micros,
      open: decimal(micros),
      pairs,
      history: [decimal(micros)],
    };
  });

  let lastTickAt = 0;
  /** Moves every price by up to ±1 % and returns the whole snapshot. */
  function advance(): RatesSnapshot {
    const rows: RateRow[] = assets.map((a) => {
      const basisPoints = BigInt(Math.floor(next() * 201) - 100);
      const step = (a.micros * basisPoints) / 10_000n;
      a.micros = a.micros + (step === 0n ? 1n : step);
      if (a.micros < 1n) a.micros = 1n;
      a.history.push(decimal(a.micros));
      if (a.history.length > HISTORY_LIMIT) a.history.splice(0, a.history.length - HISTORY_LIMIT);
      return {
        symbol: a.symbol,
        name: a.name,
        type: 'crypto',
        usdPrice: decimal(a.micros),
        openPrice: a.open,
        pairs: a.pairs,
      };
    });
    // Now, and never the same instant twice: the renderer counts a new lastTickAt as a new poll.
    lastTickAt = Math.max(Date.now(), lastTickAt + 1);
    const snapshot = {
      profileId: 'sandbox',
      rows,
      history: Object.fromEntries(assets.map((a) => [a.symbol, [...a.history]])),
      lastTickAt: new Date(lastTickAt).toISOString(),
      stale: false,
      paused: false,
      error: null,
    };
    return RatesSnapshot.parse(snapshot);
  }

  return {
    /** Moves every price and returns what main pushes on `rates:tick`. */
    tick(): RatesTick {
      return RatesTick.parse(tickOf(advance()));
    },
    /** Moves every price and returns what main answers to `rates:snapshot`. */
    snapshot: advance,
    /** The current price of every asset, for checking what the rows show. */
    prices(): Map<string, string> {
      return new Map(assets.map((a) => [a.symbol, decimal(a.micros)]));
    },
  };
}
