import { describe, expect, it } from 'vitest';
import { publicRequest, startTestSandbox } from '@test/helpers/sandbox-request';
import { useTestSandbox } from '@test/helpers/sandbox-fixture';

const sb = useTestSandbox('test');

type Rate = {
  coin: { symbol: string; type: string };
  quotes: Array<{ price: string }>;
  networks: Array<{ network: string; decimals: number | null }>;
};
const rates = async () =>
  ((await publicRequest(sb, 'GET', '/v1/get-coin-rate')).json as { data: Rate[] }).data;

describe('getCoinRates', () => {
  it('lowercase symbols, a USD fiat entry without networks, an asset with rates and no networks', async () => {
    const data = await rates();
    for (const entry of data) expect(entry.coin.symbol).toBe(entry.coin.symbol.toLowerCase());
    expect(data.find((e) => e.coin.symbol === 'usd')).toMatchObject({ coin: { type: 'fiat' }, networks: [] });
    const noNetworks = data.filter((e) => e.coin.type === 'crypto' && e.networks.length === 0);
    expect(noNetworks.length).toBeGreaterThan(0);
    expect(noNetworks[0]?.quotes[0]?.price).toMatch(/^\d+(\.\d+)?$/);
    // Hidden pairs never appear.
    expect(data.find((e) => e.coin.symbol === 'usdc')?.networks.map((n) => n.network)).not.toContain('bsc');
  });

  it('prices follow a seeded random walk on the sandbox clock', async () => {
    const before = (await rates()).find((e) => e.coin.symbol === 'btc')?.quotes[0]?.price;
    sb.control.advanceClock(60_000);
    const after = (await rates()).find((e) => e.coin.symbol === 'btc')?.quotes[0]?.price;
    expect(after).toMatch(/^\d+(\.\d+)?$/);
    expect(after).not.toBe(before);
    const other = await startTestSandbox();
    try {
      other.control.advanceClock(60_000);
      const res = await publicRequest(other, 'GET', '/v1/get-coin-rate');
      expect((res.json as { data: Rate[] }).data.find((e) => e.coin.symbol === 'btc')?.quotes[0]?.price).toBe(
        after,
      );
    } finally {
      await other.close();
    }
  });
});

describe('getCoinCatalog', () => {
  it('uppercase codes, public 900 s caching, hidden and fully disabled pairs excluded', async () => {
    const res = await publicRequest(sb, 'GET', '/v1/coins-and-fee');
    expect(res.headers.get('cache-control')).toBe('public, max-age=900');
    const coins = (
      res.json as {
        data: {
          coins: Array<{ coin: { symbol: string; label: string }; networks: Array<Record<string, unknown>> }>;
        };
      }
    ).data.coins;
    for (const c of coins) {
      expect(c.coin.symbol).toBe(c.coin.symbol.toUpperCase());
      for (const n of c.networks) {
        expect(String(n.network)).toBe(String(n.network).toUpperCase());
        expect(Object.keys(n).sort()).toEqual([
          'min_withdrawal',
          'network',
          'network_fee',
          'service_fee',
          'title',
        ]);
      }
    }
    expect(coins.map((c) => c.coin.symbol)).not.toContain('ARB');
    expect(coins.find((c) => c.coin.symbol === 'USDC')?.networks.map((n) => n.network)).not.toContain('BSC');
  });
});
