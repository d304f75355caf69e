import { describe, expect, it } from 'vitest';
import { movementAsset, quoteRate, type RatesFeed } from '@main/books/rate-quote';
import type { JournalEntry } from '@main/storage/port';

const entry = (over: Partial<JournalEntry>): JournalEntry =>
  ({
    id: 1,
    operation: 'createWithdrawal',
    state: 'accepted',
    coin: 'usdt',
    profileId: 'p',
    ...over,
  }) as JournalEntry;

const feed = (over: Partial<RatesFeed> = {}): RatesFeed => ({
  rows: [
    { symbol: 'USDT', name: 'Tether', type: 'crypto', usdPrice: '0.99987', openPrice: null, pairs: [] },
    {
      symbol: 'BTC',
      name: 'Bitcoin',
      type: 'crypto',
      usdPrice: '67012.123456789',
      openPrice: null,
      pairs: [],
    },
    { symbol: 'XMR', name: 'Monero', type: 'crypto', usdPrice: null, openPrice: null, pairs: [] },
  ],
  lastTickAt: '2030-01-01T00:00:00.000Z',
  stale: false,
  ...over,
});
const at = new Date('2030-01-01T00:00:07.250Z');

describe('which movements are valued, in which asset', () => {
  it('values accepted withdrawals and their webhooks in the entry coin, paid invoices in the payer coin', () => {
    expect(movementAsset(entry({}), 'settle')).toBe('USDT');
    expect(movementAsset(entry({ state: 'rejected' }), 'settle')).toBeUndefined();
    expect(movementAsset(entry({}), 'withdrawal.failed')).toBe('USDT');
    const invoice = entry({ operation: 'createInvoice', coin: null });
    expect(movementAsset(invoice, 'invoice.paid', { data: { coin: 'btc' } })).toBe('BTC');
    expect(movementAsset(invoice, 'invoice.paid', { data: { invoice: { coin: 'ltc' } } })).toBe('LTC');
    // Paid, but in what? Recorded as a movement without a named asset, never guessed.
    expect(movementAsset(invoice, 'invoice.paid', {})).toBeNull();
    expect(movementAsset(invoice, 'invoice.expired', {})).toBeUndefined();
    expect(movementAsset(invoice, 'settle')).toBeUndefined();
  });
});

describe('quoteRate', () => {
  it('takes the price as the service wrote it, with the answer time and its age', () => {
    expect(quoteRate(feed(), 'BTC', 'settle', at)).toEqual({
      movement: 'settle',
      asset: 'BTC',
      quote: 'USD',
      rate: '67012.123456789',
      source: 'getCoinRates',
      ratesAt: '2030-01-01T00:00:00.000Z',
      staleMs: 7250,
      stale: false,
      missing: null,
      valuedAt: '2030-01-01T00:00:07.250Z',
    });
    expect(quoteRate(feed({ stale: true }), 'USDT', 'settle', at)).toMatchObject({
      rate: '0.99987',
      stale: true,
    });
  });

  it('says why there is no rate instead of inventing one', () => {
    const missing = (f: RatesFeed | null, asset: string | null) => quoteRate(f, asset, 'settle', at);
    expect(missing(null, 'BTC')).toMatchObject({
      rate: null,
      source: null,
      missing: expect.stringMatching(/not the active profile/),
    });
    expect(missing(feed({ lastTickAt: null, rows: [] }), 'BTC')).toMatchObject({
      rate: null,
      missing: 'no rates answer had arrived yet',
    });
    expect(missing(feed(), 'XMR')).toMatchObject({
      rate: null,
      missing: 'the rates answer had no USD price for XMR',
    });
    expect(missing(feed(), 'DOGE')).toMatchObject({ rate: null, staleMs: null, ratesAt: null });
    expect(missing(feed(), null)).toMatchObject({
      asset: 'unknown',
      missing: 'the movement does not name its asset',
    });
  });
});
