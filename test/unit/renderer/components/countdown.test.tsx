// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown } from '@renderer/components/Countdown';
import { countdownState } from '@renderer/lib/countdown';
import { formatZonedDateTime } from '@renderer/lib/zoned-time';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const UNTIL = '2026-11-23T05:33:00Z';
const untilMs = Date.parse(UNTIL);

describe('countdownState', () => {
  it.each([
    [24 * H - 1, 'expires in 23 h 59 min'],
    [26 * H + 30 * M, 'expires in 1 d 2 h'],
    [48 * H, 'expires in 2 d'],
    [H, 'expires in 1 h'],
    [5 * M + 59 * S, 'expires in 5 min'],
    [M, 'expires in 1 min'],
    [59 * S + 1, 'expires in 60 s'],
    [45 * S, 'expires in 45 s'],
    [1, 'expires in 1 s'],
    [0, 'expired just now'],
    [-59 * S, 'expired just now'],
    [-3 * M - 10 * S, 'expired 3 min ago'],
    [-(2 * H + 5 * M), 'expired 2 h 5 min ago'],
  ])('%i ms left reads "%s"', (left, text) => {
    expect(countdownState(untilMs, untilMs - left).text).toBe(text);
  });

  it('ticks at the next minute boundary, and every second within the last minute', () => {
    expect(countdownState(untilMs, untilMs - (10 * M + 20 * S)).nextChangeMs).toBe(20 * S + 1);
    expect(countdownState(untilMs, untilMs - 2 * M).nextChangeMs).toBe(1);
    expect(countdownState(untilMs, untilMs - 30 * S).nextChangeMs).toBe(S);
    expect(countdownState(untilMs, untilMs - 30.4 * S).nextChangeMs).toBe(400);
    expect(countdownState(untilMs, untilMs + 10 * S).nextChangeMs).toBe(50 * S);
  });
});

describe('formatZonedDateTime', () => {
  it('gives the date, 24-hour time and zone in ISO order', () => {
    expect(formatZonedDateTime('2026-11-23T17:05:00Z', 'UTC')).toBe('2026-11-23 17:05 UTC');
  });

  it('returns text that is not a time unchanged, so nothing is hidden', () => {
    expect(formatZonedDateTime('soon', 'UTC')).toBe('soon');
  });
});

describe('Countdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });
  const at = (ms: number) => vi.setSystemTime(ms);
  const timer = () => screen.getByRole('timer');
  /** Time passing as it does on screen: React renders and re-arms the timer between ticks. */
  const pass = (ms: number) => {
    for (let left = ms; left > 0; left -= Math.min(left, S))
      act(() => vi.advanceTimersByTime(Math.min(left, S)));
  };

  it('shows the time left and the absolute deadline, and is not a live region', () => {
    at(untilMs - (23 * H + 59 * M + 30 * S));
    render(<Countdown until={UNTIL} timeZone="UTC" />);
    expect(timer().textContent).toBe('expires in 23 h 59 min');
    expect(timer().getAttribute('aria-live')).toBeNull();
    const time = screen.getByText('2026-11-23 05:33 UTC');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe(UNTIL);
  });

  it('updates once a minute, then every second in the last minute, then says it expired', () => {
    at(untilMs - (2 * M + 30 * S));
    const onExpire = vi.fn();
    render(<Countdown until={UNTIL} what="The invoice" onExpire={onExpire} timeZone="UTC" />);
    expect(timer().textContent).toBe('expires in 2 min');
    pass(30 * S);
    expect(timer().textContent).toBe('expires in 2 min');
    pass(1);
    expect(timer().textContent).toBe('expires in 1 min');
    pass(60 * S);
    expect(timer().textContent).toBe('expires in 60 s');
    pass(S);
    expect(timer().textContent).toBe('expires in 59 s');
    expect(screen.getByRole('status').textContent).toBe('');
    pass(59 * S);
    expect(timer().textContent).toBe('expired just now');
    expect(screen.getByRole('status').textContent).toBe('The invoice has expired.');
    expect(onExpire).toHaveBeenCalledTimes(1);
    pass(3 * M);
    expect(timer().textContent).toBe('expired 3 min ago');
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('keeps ticking while its parent re-renders more often than it ticks', () => {
    at(untilMs - 5 * M);
    const { rerender } = render(<Countdown until={UNTIL} timeZone="UTC" />);
    for (let i = 0; i < 70; i++) {
      act(() => vi.advanceTimersByTime(S));
      rerender(<Countdown until={UNTIL} timeZone="UTC" />);
    }
    expect(timer().textContent).toBe('expires in 3 min');
  });

  it('announces nothing when it is already expired on arrival', () => {
    at(untilMs + 10 * M);
    const onExpire = vi.fn();
    render(<Countdown until={UNTIL} onExpire={onExpire} timeZone="UTC" />);
    expect(timer().textContent).toBe('expired 10 min ago');
    expect(screen.getByRole('status').textContent).toBe('');
    expect(onExpire).not.toHaveBeenCalled();
  });

  it('shows an unreadable deadline as written instead of a wrong countdown', () => {
    render(<Countdown until="tomorrow-ish" />);
    expect(screen.getByText('expiry time not readable (tomorrow-ish)')).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
  });
});
