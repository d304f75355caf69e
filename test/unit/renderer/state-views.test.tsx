// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EmptyState,
  ErrorNotice,
  LoadingSkeleton,
  NOTHING_SENT,
  StaleFigures,
  StaleNotice,
} from '@renderer/components/StateViews';
import { screenState } from '@renderer/lib/screen-state';
import type { ErrorInfo } from '@contract';
import { useShellStore } from '@renderer/stores/shell-store';
import { OfflineBannerScope } from '@renderer/shell/StatusIndicators';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const OFFLINE: ErrorInfo = {
  kind: 'transport',
  message:
    'Could not connect to the service for getMerchantBalances (ECONNREFUSED); nothing was sent. Check the network and the profile address, then try again.',
};

describe('screenState', () => {
  it('is loading before anything is known, and error when the first read failed', () => {
    expect(screenState({ data: null, error: null })).toBe('loading');
    expect(screenState({ data: undefined, error: null })).toBe('loading');
    expect(screenState({ data: null, error: OFFLINE })).toBe('error');
  });

  it('keeps figures on screen as stale when a refresh fails or no update came', () => {
    expect(screenState({ data: [1], error: OFFLINE })).toBe('stale');
    expect(screenState({ data: [1], error: null, stale: true })).toBe('stale');
    // An empty answer that is now out of date is still out of date.
    expect(screenState({ data: [], error: OFFLINE, isEmpty: true })).toBe('stale');
  });

  it('tells an empty answer from a full one', () => {
    expect(screenState({ data: [], error: null, isEmpty: true })).toBe('empty');
    expect(screenState({ data: [1], error: null, isEmpty: false })).toBe('ready');
  });
});

describe('state views', () => {
  it('an error leads with plain words and folds the operation name and errno away', () => {
    const onRetry = vi.fn();
    render(
      <ErrorNotice
        title="Balances could not be loaded."
        error={OFFLINE}
        sent={NOTHING_SENT}
        onRetry={onRetry}
      />,
    );
    const notice = screen.getByRole('alert');
    expect(notice).toHaveProperty('dataset.state', 'error');
    expect(notice.textContent).toContain('Merchant Desk cannot reach the payment service.');
    expect(notice.textContent).toContain('Nothing was sent or changed');
    // The internal call and the errno live only inside the closed "Technical detail".
    const details = screen.getByTestId('technical-detail') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    const outside = [...notice.children]
      .filter((el) => el !== details)
      .map((el) => el.textContent)
      .join(' ');
    expect(outside).not.toMatch(/getMerchantBalances|ECONNREFUSED/);
    expect(details.textContent).toContain('getMerchantBalances (ECONNREFUSED)');
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('an error the desk already words plainly is shown as written, without a detail fold', () => {
    const error: ErrorInfo = { kind: 'profile-invalid', message: 'The profile name is already used.' };
    render(<ErrorNotice title="The settings were not saved." error={error} />);
    expect(screen.getByRole('alert').textContent).toContain('The profile name is already used.');
    expect(screen.queryByTestId('technical-detail')).toBeNull();
  });

  it('stale says since when and how long ago, once, with the cause in plain words', () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T10:45:30') });
    render(
      <StaleNotice what="Balances" since={new Date('2026-03-01T10:42:10').toISOString()} error={OFFLINE} />,
    );
    const notice = screen.getByTestId('stale-notice');
    expect(notice.textContent).toMatch(/Balances may be out of date: showing them as of 10:42 \(3 min ago\)/);
    expect(notice.textContent).toContain('cannot reach the payment service');
    expect(notice.getAttribute('aria-live')).toBeNull();
  });

  it('loading, empty, error and stale each look different', () => {
    const { container } = render(
      <>
        <LoadingSkeleton rows={3} columns={4} label="Loading balances…" />
        <EmptyState title="No balances yet.">
          <p>Create an invoice to receive funds.</p>
        </EmptyState>
        <ErrorNotice title="Failed." error={OFFLINE} />
        <StaleNotice what="Prices" since={null} error={null} />
      </>,
    );
    const states = [...container.querySelectorAll('[data-state]')].map((el) => [
      el.getAttribute('data-state'),
      el.className,
    ]);
    expect(states.map(([s]) => s)).toEqual(['loading', 'empty', 'error', 'stale']);
    expect(new Set(states.map(([, c]) => c)).size).toBe(4);
    // The skeleton is shaped like a table: rows of cells.
    expect(container.querySelectorAll('.skeleton__row')).toHaveLength(3);
    expect(container.querySelectorAll('.skeleton__cell')).toHaveLength(12);
  });

  it('dims figures only when stale', () => {
    const { rerender, container } = render(
      <StaleFigures stale={false}>
        <span>25,000.00 USDT</span>
      </StaleFigures>,
    );
    expect(container.querySelector('.stale-figures--stale')).toBeNull();
    rerender(
      <StaleFigures stale>
        <span>25,000.00 USDT</span>
      </StaleFigures>,
    );
    expect(container.querySelector('.stale-figures--stale')?.textContent).toBe('25,000.00 USDT');
  });
});

describe('one banner per cause across shell and screen', () => {
  afterEach(() => useShellStore.setState({ connection: null }));

  it('a screen stale for the cause the shell’s offline banner already names only points up to it', () => {
    useShellStore.setState({ connection: { state: 'offline', error: OFFLINE, lastSuccessAt: null } });
    render(
      <OfflineBannerScope>
        <StaleNotice what="Prices" since={new Date().toISOString()} error={OFFLINE} />
      </OfflineBannerScope>,
    );
    const notice = screen.getByTestId('stale-notice');
    expect(notice.textContent).toMatch(/connection notice at the top/);
    expect(notice.textContent).not.toMatch(/cannot reach/);
    expect(notice.querySelector('details')).toBeNull();
  });

  it('says the cause itself when the shell shows no banner for it', () => {
    useShellStore.setState({ connection: { state: 'online', error: null, lastSuccessAt: null } });
    render(
      <OfflineBannerScope>
        <StaleNotice what="Prices" since={new Date().toISOString()} error={OFFLINE} />
      </OfflineBannerScope>,
    );
    expect(screen.getByTestId('stale-notice').textContent).toMatch(/cannot reach the payment service/);
  });
});
