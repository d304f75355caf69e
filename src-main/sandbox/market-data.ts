/**
 * The runtime-owned market the sandbox serves: assets, networks, limits, fees and starting prices.
 * Rates, catalog, withdrawals, invoices and wallets all read this one table so they never disagree.
 */
export interface NetworkDef {
  network: string;
  name: string;
  depositEnabled: boolean;
  withdrawEnabled: boolean;
  /** Hidden pairs are runtime-internal: absent from the catalog, rates, balances and writes. */
  hidden: boolean;
  minDeposit: string | null;
  minWithdrawal: string | null;
  maxWithdrawal: string | null;
  networkFee: string | null;
  decimals: number;
}

export interface CoinDef {
  symbol: string;
  name: string;
  startPrice: string;
  /** Stablecoins walk in a narrow band around 1 USD. */
  stable: boolean;
  networks: NetworkDef[];
}

function net(
  network: string,
  name: string,
  decimals: number,
  limits: { minDeposit: string; minWithdrawal: string; maxWithdrawal: string; networkFee: string },
  flags: Partial<Pick<NetworkDef, 'depositEnabled' | 'withdrawEnabled' | 'hidden'>> = {},
): NetworkDef {
  return {
    network,
    name,
    decimals,
    depositEnabled: flags.depositEnabled ?? true,
    withdrawEnabled: flags.withdrawEnabled ?? true,
    hidden: flags.hidden ?? false,
    ...limits,
  };
}

const USDT_LIMITS = { minDeposit: '1', minWithdrawal: '10', maxWithdrawal: '100000', networkFee: '1' };

export const COINS: CoinDef[] = [
  {
    symbol: 'btc',
    name: 'Bitcoin',
    startPrice: '64000',
    stable: false,
    networks: [
      net('bitcoin', 'Bitcoin', 8, {
        minDeposit: '0.0001',
        minWithdrawal: '0.0005',
        maxWithdrawal: '5',
        networkFee: '0.00005',
      }),
    ],
  },
  {
    symbol: 'eth',
    name: 'Ethereum',
    startPrice: '3200',
    stable: false,
    networks: [
      net('eth', 'Ethereum (ERC-20)', 18, {
        minDeposit: '0.001',
        minWithdrawal: '0.005',
        maxWithdrawal: '100',
        networkFee: '0.0008',
      }),
      net('arbitrum', 'Arbitrum One', 18, {
        minDeposit: '0.001',
        minWithdrawal: '0.002',
        maxWithdrawal: '100',
        networkFee: '0.0001',
      }),
    ],
  },
  {
    symbol: 'trx',
    name: 'TRON',
    startPrice: '0.12',
    stable: false,
    networks: [
      net('tron', 'TRON (TRC-20)', 6, {
        minDeposit: '10',
        minWithdrawal: '20',
        maxWithdrawal: '500000',
        networkFee: '1.1',
      }),
    ],
  },
  {
    symbol: 'bnb',
    name: 'BNB',
    startPrice: '580',
    stable: false,
    networks: [
      net('bsc', 'BNB Smart Chain (BEP-20)', 18, {
        minDeposit: '0.01',
        minWithdrawal: '0.02',
        maxWithdrawal: '500',
        networkFee: '0.0005',
      }),
    ],
  },
  {
    symbol: 'ton',
    name: 'Toncoin',
    startPrice: '5.2',
    stable: false,
    networks: [
      net('ton', 'TON', 9, {
        minDeposit: '0.5',
        minWithdrawal: '1',
        maxWithdrawal: '50000',
        networkFee: '0.05',
      }),
    ],
  },
  {
    symbol: 'usdt',
    name: 'Tether USD',
    startPrice: '1',
    stable: true,
    networks: [
      net('tron', 'TRON (TRC-20)', 6, USDT_LIMITS),
      net('eth', 'Ethereum (ERC-20)', 6, { ...USDT_LIMITS, minWithdrawal: '20', networkFee: '4.5' }),
      net('bsc', 'BNB Smart Chain (BEP-20)', 18, { ...USDT_LIMITS, networkFee: '0.3' }),
      net('polygon', 'Polygon', 6, { ...USDT_LIMITS, networkFee: '0.2' }),
      net('ton', 'TON', 6, { ...USDT_LIMITS, networkFee: '0.1' }, { withdrawEnabled: false }),
    ],
  },
  {
    symbol: 'usdc',
    name: 'USD Coin',
    startPrice: '1',
    stable: true,
    networks: [
      net('eth', 'Ethereum (ERC-20)', 6, { ...USDT_LIMITS, minWithdrawal: '20', networkFee: '4.5' }),
      net('polygon', 'Polygon', 6, { ...USDT_LIMITS, networkFee: '0.2' }),
      net('arbitrum', 'Arbitrum One', 6, { ...USDT_LIMITS, networkFee: '0.1' }),
      // Hidden: present in the runtime, never shown to merchants.
      net('bsc', 'BNB Smart Chain (BEP-20)', 18, USDT_LIMITS, { hidden: true }),
    ],
  },
  {
    symbol: 'arb',
    name: 'Arbitrum',
    startPrice: '0.8',
    stable: false,
    // Both directions disabled: in rates (flags false) but excluded from the catalog.
    networks: [
      net(
        'arbitrum',
        'Arbitrum One',
        18,
        { minDeposit: '1', minWithdrawal: '2', maxWithdrawal: '100000', networkFee: '0.1' },
        {
          depositEnabled: false,
          withdrawEnabled: false,
        },
      ),
    ],
  },
  // An asset with rates and no networks: the spec says clients must cope with it.
  { symbol: 'pol', name: 'Polygon Ecosystem Token', startPrice: '0.55', stable: false, networks: [] },
];

/** Service fee percentage advertised per pair in the public catalog. */
export const CATALOG_SERVICE_FEE = '1';

export function findCoin(symbol: string): CoinDef | undefined {
  return COINS.find((c) => c.symbol === symbol);
}

/** A pair usable by merchant operations: known, not hidden. */
export function findPair(coin: string, network: string): { coin: CoinDef; net: NetworkDef } | undefined {
  const c = findCoin(coin);
  const n = c?.networks.find((x) => x.network === network && !x.hidden);
  return c && n ? { coin: c, net: n } : undefined;
}

/** Pairs a merchant can see: not hidden and usable in at least one direction. */
export function visiblePairs(): Array<{ coin: CoinDef; net: NetworkDef }> {
  return COINS.flatMap((coin) =>
    coin.networks
      .filter((n) => !n.hidden && (n.depositEnabled || n.withdrawEnabled))
      .map((n) => ({ coin, net: n })),
  );
}
