import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createApiClient, type ApiClientOptions } from '@main/api/client';
import { withWrites, type TestClient } from '@test/helpers/with-writes';
import { startStubServer, type StubServer } from '@test/helpers/stub-server';

/** Shared fixtures for the client tests: sample bodies and a stub-server harness. */

export const KEY = 'sk_live_ZEBRA-7734-distinctive-key';
export const MERCHANT = 'merchant-42';
/** 2025-11-21T23:03:00Z: a whole second, so Date-header maths is exact. */
export const NOW = 1_763_766_180_000;

export const invoiceCreated = {
  id: 'inv_1',
  order_id: 'A-1',
  url: 'https://pay.example/i/abc',
  code: 'abc',
  amount: '10.00',
  payer_amount: '10.30',
  expired_at: '2025-11-22T23:03:00.000000Z',
  created_at: '2025-11-21T23:03:00.000000Z',
};

export const fullInvoice = {
  id: 'inv_1',
  code: 'abc',
  url: 'https://pay.example/i/abc',
  order_id: 'A-1',
  merchant_name: 'Shop',
  amount_usd: '20.00',
  payed_usd: '0',
  payer_amount_usd: '20.00',
  full_amount_usd: '20.60',
  amount_crypto: '0.0002',
  payed_crypto: '0',
  fee_crypto: '0.000001',
  network_fee_crypto: '0.000002',
  payer_amount_crypto: '0.000203',
  is_customer_fee: false,
  is_customer_network_fee: false,
  allow_card_payments: true,
  wallet_address: null,
  qr_code_url: null,
  coin: null,
  network: null,
  status: 'new',
  transaction_list: [],
  allowed_coins: [{ coin: 'btc' }],
  allowed_networks: [],
  provider_card: [],
  created_at: '2025-11-21T23:03:00Z',
  expired_at: null,
};

export const rates = [
  {
    coin: { symbol: 'usd', name: 'US Dollar', type: 'fiat' },
    quotes: [],
    networks: [],
  },
  {
    coin: { symbol: 'usdt', name: 'Tether', type: 'crypto' },
    quotes: [{ currency_to: 'USD', price: '1.0001', type: 'fiat' }],
    networks: [
      {
        network: 'tron',
        name: 'Tron',
        type: 'crypto',
        deposit_enabled: true,
        withdraw_enabled: true,
        min_deposit: '1',
        min_withdrawal: '10',
        max_withdrawal: '50000',
        network_fee: '1.5',
        decimals: 6,
      },
    ],
  },
  {
    coin: { symbol: 'btc', name: 'Bitcoin', type: 'crypto' },
    quotes: [{ currency_to: 'usd', price: '97000.12', type: 'fiat' }],
    networks: [
      {
        network: 'bitcoin',
        name: 'Bitcoin',
        type: 'crypto',
        deposit_enabled: true,
        withdraw_enabled: false,
        min_deposit: null,
        min_withdrawal: '0.0005',
        max_withdrawal: null,
        network_fee: null,
        decimals: 8,
      },
    ],
  },
];

export const catalog = {
  coins: [
    {
      coin: { symbol: 'USDT', label: 'Tether' },
      networks: [
        { network: 'TRON', title: 'USDT TRC-20', network_fee: '1', service_fee: '1.5', min_withdrawal: '5' },
        { network: 'BSC', title: 'USDT BEP-20', network_fee: null, service_fee: '1.5', min_withdrawal: null },
      ],
    },
  ],
};

export interface Harness {
  stub: StubServer;
  client: (extra?: Partial<ApiClientOptions>) => TestClient;
  sleeps: number[];
}

/** Starts one stub per test file; each test gets a fresh script and request log. */
export function useStub(): Harness {
  const harness = { sleeps: [] as number[] } as Harness;
  beforeAll(async () => {
    harness.stub = await startStubServer();
  });
  afterAll(async () => {
    await harness.stub.close();
  });
  beforeEach(() => {
    harness.stub.reply();
    harness.sleeps.length = 0;
  });
  harness.client = (extra = {}) =>
    withWrites(
      createApiClient({
        baseUrl: harness.stub.baseUrl,
        merchantId: MERCHANT,
        apiKey: KEY,
        now: () => NOW,
        timeoutMs: 2000,
        sleep: async (ms) => {
          harness.sleeps.push(ms);
        },
        ...extra,
      }),
    );
  return harness;
}
