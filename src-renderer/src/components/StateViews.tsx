import type { ReactNode } from 'react';
import type { ErrorInfo } from '../lib/ipc';
import { formatClock } from '../lib/time';

/** Grey placeholder rows in the shape of the table to come, so the layout does not jump when data lands. */
export function LoadingSkeleton({ rows = 5, label }: { rows?: number; label: string }) {
  return (
    <div className="skeleton" role="status" aria-live="polite" data-testid="loading">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton__row" aria-hidden="true" />
      ))}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state" data-testid="empty-state">
      <p className="empty-state__title">{title}</p>
      {children && <div className="empty-state__body">{children}</div>}
    </div>
  );
}

/** What went wrong (the message from main already says what to do next) and a retry when one makes sense. */
export function ErrorNotice({
  error,
  title,
  onRetry,
}: {
  error: ErrorInfo;
  title: string;
  onRetry?: () => void;
}) {
  return (
    <div className="notice notice--error" role="alert" data-testid="error-notice">
      <p className="notice__title">{title}</p>
      <p>{error.message}</p>
      {error.retryAfterSeconds !== undefined && (
        <p>The service asked to wait {Math.ceil(error.retryAfterSeconds)} s before trying again.</p>
      )}
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}

/** Data is on screen but old: say since when, and why if we know. */
export function StaleNotice({
  since,
  error,
  onRetry,
}: {
  since: string | null;
  error: ErrorInfo | null;
  onRetry?: () => void;
}) {
  return (
    <div className="notice notice--warn" role="status" data-testid="stale-notice">
      <p className="notice__title">Showing data from {formatClock(since)} — the latest refresh failed.</p>
      {error && <p>{error.message}</p>}
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          Refresh now
        </button>
      )}
    </div>
  );
}
