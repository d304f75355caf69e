import type { ReactNode } from 'react';

/**
 * A data table in a frame that scrolls sideways when the window is narrow. The frame is focusable and
 * named so a keyboard user can scroll it too (axe: scrollable-region-focusable).
 */
export function ScrollTable({
  label,
  caption,
  className,
  testId,
  rowCount,
  children,
}: {
  /** Short name of the table, e.g. "Public catalog". */
  label: string;
  /** What the table holds, for screen readers. */
  caption: string;
  className?: string;
  testId?: string;
  /**
   * A virtualised table: every row counting the header, of which only some are in the page. Also
   * names the table's role explicitly, since such a table is laid out as blocks (no table display).
   */
  rowCount?: number;
  children: ReactNode;
}) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={`${label}, scrollable`}>
      <table
        className={className ? `data-table ${className}` : 'data-table'}
        data-testid={testId}
        {...(rowCount === undefined ? {} : { role: 'table', 'aria-rowcount': rowCount })}
      >
        <caption className="visually-hidden">{caption}</caption>
        {children}
      </table>
    </div>
  );
}
