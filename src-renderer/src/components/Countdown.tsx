import { useEffect, useRef, useState } from 'react';
import { countdownState } from '../lib/countdown';
import { formatZonedDateTime } from '../lib/zoned-time';
import './money-surfaces.css';

interface CountdownProps {
  /** The deadline, ISO 8601 as the service sent it. */
  until: string;
  /** Announced once when the deadline passes while on screen: "The invoice" → "The invoice has expired." */
  what?: string;
  /** Called once when the deadline passes while on screen (for example to refresh the invoice). */
  onExpire?: () => void;
  /** Milliseconds since the epoch, a stable function; pass a clock corrected for skew against the service if there is one. */
  clock?: () => number;
  /** Zone for the absolute time; the person's own zone when left out. */
  timeZone?: string;
}

/**
 * Time left until a deadline, with the absolute time beneath (date, 24-hour time, zone). The words
 * change once a minute, once a second in the last minute; screen readers are not told of each change
 * (role timer is not live) but are told once, politely, when the deadline passes.
 */
export function Countdown({ until, what, onExpire, clock = Date.now, timeZone }: CountdownProps) {
  const untilMs = new Date(until).getTime();
  const [now, setNow] = useState(clock);
  const state = Number.isNaN(untilMs) ? null : countdownState(untilMs, now);
  const [expiredHere, setExpiredHere] = useState(false);
  const wasExpired = useRef(state?.expired ?? true);
  const expireCallback = useRef(onExpire);
  expireCallback.current = onExpire;

  // Keyed on `now`, not on each render: a parent re-rendering often must not keep pushing the tick back.
  useEffect(() => {
    if (Number.isNaN(untilMs)) return;
    const timer = setTimeout(() => setNow(clock()), countdownState(untilMs, clock()).nextChangeMs);
    return () => clearTimeout(timer);
  }, [now, untilMs, clock]);

  useEffect(() => {
    if (!state) return;
    if (state.expired && !wasExpired.current) {
      setExpiredHere(true);
      expireCallback.current?.();
    }
    wasExpired.current = state.expired;
  }, [state]);

  if (!state) return <span className="countdown countdown--unknown">expiry time not readable ({until})</span>;
  const absolute = formatZonedDateTime(until, timeZone);
  return (
    <span className={`countdown${state.expired ? ' countdown--expired' : ''}`} title={absolute}>
      <span role="timer" className="countdown__left">
        {state.text}
      </span>
      <span className="countdown__at">
        {state.expired ? 'at ' : 'until '}
        <time dateTime={until}>{absolute}</time>
      </span>
      <span role="status" className="visually-hidden">
        {expiredHere && state.expired ? `${what ?? 'This'} has expired.` : ''}
      </span>
    </span>
  );
}
