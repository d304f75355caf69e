import type { ReactNode } from 'react';
import type { ErrorInfo } from '../lib/ipc';
import { formatAsOf } from '../lib/as-of';
import { plainError, type PlainError } from '../lib/plain-error';
import type { ScreenState } from '../lib/screen-state';
import { isOfflineKind } from '@shared/offline-kind';
import { useNow } from '../lib/use-now';
import { BusyButton } from './forms/SubmitButton';
import { LoadingSkeleton } from './LoadingSkeleton';
import { useOfflineBannerShown } from './offline-banner';
import './state-views.css';

/**
 * The shared views of the state model (lib/screen-state.ts): loading, empty, error and stale each
 * look different, and each cause gets one banner with plain words first and detail on demand.
 */

// The skeleton lives apart so the shell's first chunk can draw it alone; screens import it from here.
export { LoadingSkeleton };

/** Nothing to show: say why, and what the next step is. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state" data-testid="empty-state" data-state="empty">
      <p className="empty-state__title">{title}</p>
      {children && <div className="empty-state__body">{children}</div>}
    </div>
  );
}

/** The message from main (operation names, errno codes): for support, folded away. */
export function TechnicalDetail({ error }: { error: ErrorInfo }) {
  return (
    <details className="tech-detail" data-testid="technical-detail">
      <summary>Technical detail</summary>
      <p>{error.message}</p>
      <p className="tech-detail__meta">
        Kind: <code>{error.kind}</code>
        {error.httpStatus !== undefined && (
          <>
            {' '}
            · HTTP status: <code>{error.httpStatus}</code>
          </>
        )}
        {error.failureCode && (
          <>
            {' '}
            · Code: <code>{error.failureCode}</code>
          </>
        )}
      </p>
    </details>
  );
}

const SHOWN_ABOVE: PlainError = {
  cause: 'The connection notice at the top of the window says why.',
  next: 'Merchant Desk keeps trying on its own.',
  rewritten: false,
};

/**
 * One banner per cause: while the shell's offline banner names the cause (with its technical detail),
 * a screen failing for that same cause says only what it could not show, and points up.
 */
function useScreenWords(error: ErrorInfo | null): PlainError | null {
  const offlineBanner = useOfflineBannerShown();
  if (!error) return null;
  return offlineBanner && isOfflineKind(error.kind) ? SHOWN_ABOVE : plainError(error);
}

/** What a read-only screen says about what was sent when it fails. */
export const NOTHING_SENT = 'Nothing was sent or changed: this screen only reads.';

/** Nothing to show because the request failed: what failed, the cause, what was sent, the next step. */
export function ErrorNotice({
  error,
  title,
  sent,
  onRetry,
  retrying = false,
}: {
  error: ErrorInfo;
  title: string;
  /** What was or was not sent (NOTHING_SENT for reads). */
  sent?: string;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  const plain = useScreenWords(error) ?? plainError(error);
  return (
    <div
      className="notice notice--error state-error"
      role="alert"
      data-testid="error-notice"
      data-state="error"
    >
      <p className="notice__title">{title}</p>
      <p>{plain.cause}</p>
      {sent && <p>{sent}</p>}
      {plain.next && <p>{plain.next}</p>}
      {onRetry && (
        <button type="button" className="button" onClick={onRetry} disabled={retrying} aria-busy={retrying}>
          {retrying ? 'Trying again…' : 'Try again'}
        </button>
      )}
      {plain.rewritten && <TechnicalDetail error={error} />}
    </div>
  );
}

/** "as of 10:42 (3 min ago)", ageing on screen; not a live region, so it does not speak every minute. */
export function AsOf({ at, testId }: { at: string | null; testId?: string }) {
  const now = useNow();
  return (
    <span className="as-of" data-testid={testId}>
      {at ? <time dateTime={at}>{formatAsOf(at, now)}</time> : formatAsOf(null, now)}
    </span>
  );
}

/**
 * Figures on screen are out of date: one banner saying since when and why, in plain words. The
 * figures themselves are wrapped in StaleFigures, which dims them.
 */
export function StaleNotice({
  what,
  since,
  error,
  onRetry,
  retrying = false,
}: {
  /** What is shown, e.g. "Balances" or "Prices". */
  what: string;
  since: string | null;
  error: ErrorInfo | null;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  const plain = useScreenWords(error);
  return (
    <div className="notice notice--warn state-stale" data-testid="stale-notice" data-state="stale">
      <p className="notice__title">
        {what} may be out of date: showing them <AsOf at={since} />.
      </p>
      <p>
        {plain
          ? `${plain.cause} ${plain.next}`.trim()
          : 'No update has arrived since then. Merchant Desk keeps trying.'}
      </p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry} disabled={retrying} aria-busy={retrying}>
          {retrying ? 'Refreshing…' : 'Refresh now'}
        </button>
      )}
      {plain?.rewritten && error && <TechnicalDetail error={error} />}
    </div>
  );
}

/** Wraps figures: when stale they are dimmed (muted colour on a hatched ground, still 4.5:1). */
export function StaleFigures({ stale, children }: { stale: boolean; children: ReactNode }) {
  return (
    <div className={stale ? 'stale-figures stale-figures--stale' : 'stale-figures'} data-stale={stale}>
      {children}
    </div>
  );
}

/**
 * The notices a read-only screen shows for its state, each at most once: the skeleton before anything
 * is known, the error when nothing can be shown, the stale banner above figures kept from before.
 */
export function ReadStateNotices({
  state,
  what,
  error,
  since,
  onRetry,
  retrying,
  skeleton,
}: {
  state: ScreenState;
  /** What the screen shows, as a subject: "Balances", "Fees", "Prices". */
  what: string;
  error: ErrorInfo | null;
  since: string | null;
  onRetry: () => void;
  retrying: boolean;
  skeleton: { rows: number; columns: number; label: string };
}) {
  if (state === 'loading') return <LoadingSkeleton {...skeleton} />;
  if (state === 'error' && error) {
    return (
      <ErrorNotice
        title={`${what} could not be loaded.`}
        error={error}
        sent={NOTHING_SENT}
        onRetry={onRetry}
        retrying={retrying}
      />
    );
  }
  if (state === 'stale') {
    return <StaleNotice what={what} since={since} error={error} onRetry={onRetry} retrying={retrying} />;
  }
  return null;
}

/** The header's Refresh button: busy while a refresh runs, so a double click asks once. */
export function RefreshButton({
  onClick,
  busy,
  testId,
}: {
  onClick: () => void;
  busy: boolean;
  testId?: string;
}) {
  return (
    <BusyButton
      type="button"
      className="button"
      onClick={onClick}
      busy={busy}
      busyText="Refreshing…"
      testId={testId}
    >
      Refresh
    </BusyButton>
  );
}
