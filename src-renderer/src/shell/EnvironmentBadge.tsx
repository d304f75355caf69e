import type { Profile } from '@contract';
import { environmentWords } from './environment-words';

/**
 * Sandbox or live, impossible to miss: a full-width stripe in the top bar (and a compact badge in lists).
 * The words carry the meaning too, so it does not depend on seeing colour.
 */
export function EnvironmentBadge({
  environment,
  compact = false,
}: {
  environment: Profile['environment'];
  compact?: boolean;
}) {
  const words = environmentWords(environment);
  return (
    <span
      className={`env-badge env-badge--${environment}${compact ? ' env-badge--compact' : ''}`}
      data-testid={compact ? undefined : 'env-badge'}
    >
      {words.short}
      {!compact && <span className="env-badge__detail"> — {words.detail}</span>}
    </span>
  );
}
