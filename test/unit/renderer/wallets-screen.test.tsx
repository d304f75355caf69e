// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WalletsScreen } from '@renderer/features/wallets/WalletsScreen';
import { useWalletsStore } from '@renderer/features/wallets/wallets-store';
import { useShellStore } from '@renderer/stores/shell-store';
import type { RateView } from '@renderer/stores/rate-view';
import { useRatesStore } from '@renderer/stores/rates-store';
import { ACME, SANDBOX, installDomMerchant } from './dom-merchant';
import { pair } from './fake-merchant';

const shellInitial = useShellStore.getState();
const walletsInitial = useWalletsStore.getState();
const ratesInitial = useRatesStore.getState();

const row = (symbol: string, pairs: RateView['pairs']): RateView => ({
  symbol,
  name: symbol,
  type: 'crypto',
  usdPrice: '1',
  shownPrice: '1',
  openPrice: '1',
  change: null,
  pairs,
  spark: [],
  searchText: symbol,
});

function show(profile: typeof SANDBOX | typeof ACME, create: (request: unknown) => unknown) {
  const fake = installDomMerchant({
    'wallets.list': () => ({ ok: true, data: { wallets: [] } }),
    'wallets.create': create,
  });
  useShellStore.setState({ ...shellInitial, profiles: [SANDBOX, ACME], activeId: profile.id }, true);
  // The rates set below are the shown profile's.
  useRatesStore.setState({ profileId: profile.id });
  render(<WalletsScreen />);
  return fake;
}

beforeEach(() => {
  useWalletsStore.setState(walletsInitial, true);
  useRatesStore.setState(
    {
      ...ratesInitial,
      loaded: true,
      rows: [
        row('usdt', [
          pair('usdt', 'tron', { networkName: 'TRON (TRC-20)' }),
          pair('usdt', 'ton', { networkName: 'TON', depositEnabled: false }),
        ]),
        row('btc', [pair('btc', 'bitcoin', { networkName: 'Bitcoin', depositEnabled: null })]),
      ],
    },
    true,
  );
});
afterEach(cleanup);

describe('Wallets screen', () => {
  it('offers only pairs open for deposits, by network name, with the environment by the button', async () => {
    show(ACME, () => ({ ok: false, error: { kind: 'internal', message: 'unused' } }));
    const options = within(screen.getByTestId('wallet-pair'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Choose…', 'USDT · TRON (TRC-20)']);
    const actions = screen.getByTestId('wallet-create').parentElement!;
    expect(actions.textContent).toContain('LIVE · Acme');
    expect(actions.textContent).not.toMatch(/sandbox/i);
  });

  it('refuses a plain-http webhook before sending, and keeps what was typed', async () => {
    const fake = show(SANDBOX, () => ({ ok: false, error: { kind: 'internal', message: 'unused' } }));
    const user = userEvent.setup();
    await user.selectOptions(screen.getByTestId('wallet-pair'), 'usdt:tron');
    await user.type(screen.getByTestId('wallet-label'), 'Till 3');
    await user.type(screen.getByTestId('wallet-webhook'), 'http://example.com/hook');
    await user.click(screen.getByTestId('wallet-create'));
    expect(await screen.findByText(/starting with https:\/\//)).toBeTruthy();
    expect(fake.calls.some((c) => c.channel === 'wallets.create')).toBe(false);
    expect((screen.getByTestId('wallet-label') as HTMLInputElement).value).toBe('Till 3');
  });

  it('shows an unknown outcome in words, amber, never as failed; the form keeps its values', async () => {
    show(SANDBOX, () => ({
      ok: true,
      data: { journalId: '4', outcome: 'unknown', error: { kind: 'transport', message: 'socket hang up' } },
    }));
    const user = userEvent.setup();
    await user.selectOptions(screen.getByTestId('wallet-pair'), 'usdt:tron');
    await user.type(screen.getByTestId('wallet-label'), 'Till 4');
    await user.click(screen.getByTestId('wallet-create'));
    const unknown = await screen.findByTestId('wallet-unknown');
    expect(unknown.className).toContain('notice--unknown');
    expect(unknown.textContent).toMatch(/may or may not have created this wallet/);
    expect(unknown.textContent).toContain('entry 4');
    expect(screen.queryByTestId('error-notice')).toBeNull();
    // Focus moves to the outcome, so it is heard and, in a small window, scrolled to.
    expect(document.activeElement).toBe(screen.getByTestId('wallet-outcome'));
    expect((screen.getByTestId('wallet-label') as HTMLInputElement).value).toBe('Till 4');
  });

  it('explains the 429 limit with when to try again', async () => {
    show(SANDBOX, () => ({
      ok: true,
      data: {
        journalId: '5',
        outcome: 'rejected',
        error: { kind: 'throttle', message: 'Too many', httpStatus: 429 },
      },
    }));
    const user = userEvent.setup();
    await user.selectOptions(screen.getByTestId('wallet-pair'), 'usdt:tron');
    await user.click(screen.getByTestId('wallet-create'));
    const limit = await screen.findByTestId('wallet-limit');
    expect(limit.textContent).toContain('up to 100 wallets a minute');
    expect(limit.textContent).toContain('Try again in about a minute.');
  });
});
