/**
 * Sandbox or live, impossible to miss: a full-width stripe in the top bar (and a compact badge in lists).
 * The words carry the meaning too, so it does not depend on seeing colour.
 */
export function EnvironmentBadge({
  environment,
  compact = false,
}: {
  environment: 'sandbox' | 'live';
  compact?: boolean;
}) {
  const live = environment === 'live';
  const text = live ? 'LIVE' : compact ? 'SANDBOX' : 'SANDBOX — play money';
  return (
    <span
      className={`env-badge env-badge--${environment}${compact ? ' env-badge--compact' : ''}`}
      data-testid={compact ? undefined : 'env-badge'}
    >
      {text}
      {live && !compact && <span className="env-badge__detail"> — real funds</span>}
    </span>
  );
}
