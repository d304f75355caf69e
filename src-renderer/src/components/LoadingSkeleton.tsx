import './state-views.css';

/**
 * Grey placeholder rows and cells in the shape of the table to come, so nothing jumps when data lands.
 * Its own file, apart from the other state views (StateViews.tsx), because the shell draws it in the
 * first frame: what the state views import (the plain error words, the busy button) then stays out of
 * the first chunk. It brings the state views' styles, so the first frame is styled as before.
 */
export function LoadingSkeleton({
  rows = 5,
  columns = 4,
  label,
}: {
  rows?: number;
  columns?: number;
  label: string;
}) {
  return (
    <div className="skeleton" role="status" data-testid="loading" data-state="loading">
      <span className="skeleton__label">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div
          key={i}
          className="skeleton__row"
          aria-hidden="true"
          style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}
        >
          {Array.from({ length: columns }, (_, j) => (
            <span key={j} className="skeleton__cell" />
          ))}
        </div>
      ))}
    </div>
  );
}
