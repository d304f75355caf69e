import { Badge, type BadgeTone } from '../components/Badge';
import { formatClock, formatOffset } from '../lib/time';
import { useShellStore } from './shell-store';

const CONNECTION: Record<string, { tone: BadgeTone; text: string }> = {
  connecting: { tone: 'info', text: 'Connecting' },
  online: { tone: 'good', text: 'Online' },
  degraded: { tone: 'warn', text: 'Degraded' },
  offline: { tone: 'bad', text: 'Offline' },
};

/** Connection, clock skew and last refresh: the three things that make figures on screen trustworthy. */
export function StatusIndicators() {
  const connection = useShellStore((s) => s.connection);
  const skew = useShellStore((s) => s.skew);
  const lastRefreshAt = useShellStore((s) => s.lastRefreshAt);
  const shown = CONNECTION[connection?.state ?? 'connecting'] ?? {
    tone: 'neutral' as const,
    text: connection?.state ?? 'Unknown',
  };
  return (
    <div className="status" role="status" aria-live="polite" aria-label="Connection status">
      <span data-testid="connection-status" title={connection?.message ?? undefined}>
        <span className="visually-hidden">Connection: </span>
        <Badge tone={shown.tone}>{shown.text}</Badge>
      </span>
      {skew && (skew.warn || skew.breaksWindow || Math.abs(skew.offsetMs) >= 60_000) && (
        <span data-testid="clock-skew">
          <Badge tone={skew.breaksWindow ? 'bad' : 'warn'}>Clock {formatOffset(skew.offsetMs)}</Badge>
        </span>
      )}
      <span className="muted" data-testid="last-refresh">
        Last refresh <time dateTime={lastRefreshAt ?? undefined}>{formatClock(lastRefreshAt)}</time>
      </span>
    </div>
  );
}

/** A message across the top when the problem stops work, not just a badge. */
export function StatusBanners() {
  const connection = useShellStore((s) => s.connection);
  const skew = useShellStore((s) => s.skew);
  return (
    <>
      {skew?.breaksWindow && (
        <div className="banner banner--bad" role="alert" data-testid="clock-skew-block">
          This computer&apos;s clock is {formatOffset(skew.offsetMs)} off the service&apos;s clock, outside
          the window signed requests are accepted in. Writes are blocked. Turn on automatic time (NTP) in the
          system settings, then wait a moment.
        </div>
      )}
      {connection?.state === 'offline' && connection.message && (
        <div className="banner banner--warn" role="status" data-testid="connection-banner">
          {connection.message}
        </div>
      )}
    </>
  );
}
