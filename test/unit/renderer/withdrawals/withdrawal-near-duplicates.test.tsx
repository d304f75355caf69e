// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JournalEntry } from '@contract';
import { entry, fillForm, resetStores, showScreen, TRON_ADDRESS, confirmEnds } from './harness';
import { nearAmount } from '@renderer/features/withdrawals/near-duplicates';

beforeEach(resetStores);
afterEach(cleanup);

const aMinuteAgo = () => new Date(Date.now() - 60_000).toISOString();
const sentEarlier = (extra: Partial<JournalEntry>) =>
  entry('7', {
    createdAt: aMinuteAgo(),
    fields: { coin: 'usdt', network: 'tron', amount: '100', toAddress: TRON_ADDRESS },
    ...extra,
  });

async function review(user: Parameters<typeof fillForm>[0], amount: string) {
  await fillForm(user, { pair: 'usdt:tron', amount, address: TRON_ADDRESS });
  await user.click(screen.getByTestId('withdrawal-review'));
  return screen.findByTestId('review-warnings');
}

describe('Near-duplicates in the review', () => {
  it('warns when a near amount went to the same address a minute ago and is still processing', async () => {
    const { user } = showScreen({ entries: () => [sentEarlier({ settlement: 'processing' })] });
    await screen.findByTestId('withdrawal-form');
    const warnings = await review(user, '100.01');
    expect(warnings.textContent).toMatch(
      /100 USDT at \d\d:\d\d.*\(Processing\) already went to this address/,
    );
    expect(warnings.textContent).toContain('Is this 100.01 USDT the same payment?');
  });

  it('does not call a clearly different amount a near-duplicate', () => {
    expect(nearAmount('100', '100.01')).toBe(true);
    expect(nearAmount('100.01', '100')).toBe(true);
    expect(nearAmount('100', '150')).toBe(false);
  });

  it('warns when the address is one of this profile’s own deposit addresses', async () => {
    const wallet = entry('3', {
      operation: 'createWalletAddress',
      fields: { coin: 'usdt', network: 'tron' },
      externalIds: {},
      settlement: null,
      response: { address: TRON_ADDRESS },
    });
    const { user } = showScreen({ wallets: [wallet] });
    await screen.findByTestId('withdrawal-form');
    const warnings = await review(user, '20');
    expect(warnings.textContent).toContain('one of your own deposit addresses');
  });
});

describe('After an unknown outcome, the form before Review', () => {
  it('says what may already have gone to this address instead of inviting a resend', async () => {
    const { user } = showScreen({
      entries: () => [sentEarlier({ state: 'unknown', settlement: null, externalIds: {} })],
    });
    await screen.findByTestId('withdrawal-form');
    await fillForm(user, { pair: 'usdt:tron', amount: '100', address: TRON_ADDRESS });
    const earlier = screen.getByTestId('withdrawal-earlier-sends');
    expect(earlier.textContent).toContain('may already have been made: do not send it again');
    expect(earlier.textContent).toMatch(/100 USDT at \d\d:\d\d(:\d\d)? \(Unknown\), entry #7/);
  });
});

describe('A refusal as a duplicate, once the identical one settles', () => {
  it('clears from the review when the blocking entry is pushed as completed', async () => {
    const blocking = sentEarlier({ settlement: 'processing' });
    const { user, fake } = showScreen({
      entries: () => [blocking],
      create: () => ({
        ok: false,
        error: { kind: 'duplicate-withdrawal', message: 'not finished: #7 (accepted, processing)' },
      }),
    });
    await screen.findByTestId('withdrawal-form');
    await review(user, '100');
    await confirmEnds(user);
    await user.click(screen.getByTestId('review-send'));
    await screen.findByTestId('withdrawal-duplicate');
    await act(async () => fake.emit('journal:changed', { ...blocking, settlement: 'completed' }));
    expect(screen.queryByTestId('withdrawal-duplicate')).toBeNull();
    expect(screen.queryByText(/Send anyway|anyway$/)).toBeNull();
    // The review asks again: the confirmation is back, and the completed one is named in the warnings.
    expect(screen.getByTestId('review-confirm')).toBeTruthy();
    expect(screen.getByTestId('review-warnings').textContent).toContain('(Completed) already went');
  });
});
