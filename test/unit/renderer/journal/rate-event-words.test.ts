import { describe, expect, it } from 'vitest';
import { eventWords } from '@renderer/features/journal/journal-words';

const event = (detail: unknown) => ({
  seq: 5,
  type: 'rate',
  at: '2030-01-01T00:00:05.000Z',
  detail,
  damaged: false,
});

describe('a rate event in the entry history (issue 29)', () => {
  it('says the rate, where it came from, when and how old it was', () => {
    const words = eventWords(
      event({
        movement: 'settle',
        asset: 'BTC',
        rate: '67012.123456789',
        source: 'getCoinRates',
        ratesAt: '2030-01-01T00:00:00.000Z',
        staleMs: 4600,
        stale: true,
        missing: null,
      }),
    );
    expect(words.title).toBe('Valued: 1 BTC = 67,012.123456789 USD (settle).');
    expect(words.detail).toMatch(
      /^From the service's rates \(getCoinRates\) of 2030-01-01 .*, 5 s old, the rates feed was stale\.$/,
    );
  });

  it('says why a movement has no rate', () => {
    expect(
      eventWords(
        event({
          movement: 'invoice.paid',
          asset: 'LTC',
          rate: null,
          missing: 'no rates answer had arrived yet',
        }),
      ),
    ).toEqual({
      title: 'Not valued in USD (invoice.paid).',
      detail: 'no rates answer had arrived yet',
    });
  });
});
