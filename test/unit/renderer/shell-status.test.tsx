// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Announcer } from '@renderer/components/Announcer';
import { useAnnouncerStore } from '@renderer/components/announcer';
import { StatusBanners } from '@renderer/shell/StatusBanners';
import { StatusIndicators } from '@renderer/shell/StatusIndicators';
import { useShellStore } from '@renderer/stores/shell-store';
import { useShellAnnouncements } from '@renderer/shell/use-shell-announcements';
import { recordAnnouncements } from './announcements';
import { SANDBOX } from './dom-merchant';

const initial = useShellStore.getState();
const TECHNICAL = /getMerchantBalances|getCoinRates|ECONNREFUSED|HTTP \d{3}/;

function Shell() {
  useShellAnnouncements();
  return (
    <>
      <StatusIndicators />
      <StatusBanners />
      <Announcer />
    </>
  );
}

beforeEach(() => {
  useAnnouncerStore.setState({ polite: '', assertive: '' });
  useShellStore.setState({ ...initial, profiles: [SANDBOX], activeId: 'sandbox' }, true);
});
afterEach(cleanup);

describe('shell status', () => {
  it('says why the connection is degraded beside the badge, without operation names', async () => {
    useShellStore.getState().setConnection({
      state: 'degraded',
      error: {
        kind: 'auth',
        httpStatus: 401,
        message:
          'The service refused the authentication of getMerchantBalances (HTTP 401): "Invalid sign". Check the API key.',
      },
      lastSuccessAt: null,
    });
    render(<Shell />);
    const cause = await screen.findByTestId('connection-cause');
    expect(cause.textContent).toMatch(/did not accept this profile’s API key/);
    expect(cause.textContent).not.toMatch(TECHNICAL);
  });

  it('keeps the freshness from a rates tick or a read, whichever is later, and never says "never"', () => {
    render(<Shell />);
    expect(screen.getByTestId('last-refresh').textContent).not.toMatch(/never/i);
    act(() => useShellStore.getState().markRefreshed('2026-01-01T10:00:10Z'));
    act(() => useShellStore.getState().markRefreshed('2026-01-01T10:00:05Z'));
    expect(screen.getByTestId('last-refresh').querySelector('time')?.getAttribute('datetime')).toBe(
      '2026-01-01T10:00:10Z',
    );
  });

  it('blocks with a plain banner and an assertive announcement when the clock is off, once', async () => {
    render(<Shell />);
    act(() =>
      useShellStore.setState({ skew: { offsetMs: 400_000, measuredAt: 0, warn: true, breaksWindow: true } }),
    );
    expect(screen.getByTestId('clock-skew-block').textContent).toMatch(/Sending money is blocked/);
    await waitFor(() =>
      expect(screen.getByTestId('announce-assertive').textContent).toMatch(/Sending money is blocked/),
    );
    expect(screen.getByTestId('clock-skew-block').getAttribute('role')).toBeNull();
  });

  it('puts the offline cause in one banner, technical detail collapsed, and says "back online" later', async () => {
    render(<Shell />);
    act(() =>
      useShellStore.getState().setConnection({
        state: 'offline',
        error: {
          kind: 'transport',
          message: 'Could not connect to the service for getCoinRates (ECONNREFUSED); nothing was sent.',
        },
        lastSuccessAt: '2026-01-01T10:00:00Z',
      }),
    );
    const banner = screen.getByTestId('connection-banner');
    expect(banner.querySelector('.banner__title')?.textContent).not.toMatch(TECHNICAL);
    expect(banner.querySelector('details')?.open).toBe(false);
    expect(screen.queryByTestId('connection-cause')).toBeNull();
    act(() =>
      useShellStore
        .getState()
        .setConnection({ state: 'online', error: null, lastSuccessAt: '2026-01-01T10:01:00Z' }),
    );
    await waitFor(() => expect(screen.getByTestId('announce-polite').textContent).toBe('Back online.'));
  });

  it('stays silent while main flips between degraded and online on each poll', async () => {
    render(<Shell />);
    const { said, stop } = recordAnnouncements();
    for (let i = 0; i < 3; i++) {
      act(() =>
        useShellStore.getState().setConnection({
          state: 'degraded',
          error: { kind: 'auth', message: 'HTTP 401' },
          lastSuccessAt: null,
        }),
      );
      act(() =>
        useShellStore.getState().setConnection({ state: 'online', error: null, lastSuccessAt: null }),
      );
    }
    // Going offline is announced; anything the flips had set off would have been said before it.
    act(() =>
      useShellStore.getState().setConnection({
        state: 'offline',
        error: { kind: 'transport', message: 'ECONNREFUSED' },
        lastSuccessAt: null,
      }),
    );
    await waitFor(() => expect(screen.getByTestId('announce-assertive').textContent).toMatch(/^Offline\./));
    stop();
    expect(said).toEqual([expect.stringMatching(/^Offline\./)]);
  });
});
