import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useMemo, useRef, useState } from 'react';
import { maxFractionDigits } from '@shared/money/display';
import { useElementHeight } from '../../lib/use-element-height';
import { useHeldRows } from './use-held-rows';
import { RateRowGroup } from './RateRowGroup';
import type { RateView, SortKey, SortState } from '../../stores/rate-view';
import { useRatesStore } from '../../stores/rates-store';

const ROW_HEIGHT = 37;

const HEADERS: { key: SortKey | null; label: string; numeric?: boolean }[] = [
  { key: null, label: 'Networks' },
  { key: 'symbol', label: 'Symbol' },
  { key: 'name', label: 'Name' },
  { key: 'price', label: 'USD price', numeric: true },
  { key: 'change', label: 'Change since app start', numeric: true },
  { key: null, label: 'Trend' },
  { key: null, label: 'Networks count', numeric: true },
];

function SortHeader({
  column,
  sort,
  onSort,
}: {
  column: (typeof HEADERS)[number];
  sort: SortState;
  onSort: (key: SortKey) => void;
}) {
  const { key, label, numeric } = column;
  if (!key) {
    const hidden = label === 'Networks';
    return (
      <th scope="col" role="columnheader" className={numeric ? 'num' : undefined}>
        {hidden ? (
          <span className="visually-hidden">{label}</span>
        ) : label === 'Networks count' ? (
          'Networks'
        ) : (
          label
        )}
      </th>
    );
  }
  const active = sort.key === key;
  return (
    <th
      scope="col"
      role="columnheader"
      className={numeric ? 'num' : undefined}
      aria-sort={active ? sort.direction : 'none'}
    >
      <button type="button" className="sort-button" onClick={() => onSort(key)} data-testid={`sort-${key}`}>
        {label}
        <span aria-hidden="true" className="sort-button__arrow">
          {active ? (sort.direction === 'ascending' ? '↑' : '↓') : '↕'}
        </span>
      </button>
    </th>
  );
}

/**
 * Virtualised: only the rows in view (plus a few) are in the DOM, so 500 assets ticking every second
 * cost the same as 20. Each asset is its own <tbody> so an expanded networks row is measured with it.
 */
export function RatesTable({ rows: latest }: { rows: readonly RateView[] }) {
  const sort = useRatesStore((s) => s.sort);
  const toggleSort = useRatesStore((s) => s.toggleSort);
  const query = useRatesStore((s) => s.query);
  const { rows, held, handlers } = useHeldRows(latest, `${sort.key}/${sort.direction}/${query}`);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const scrollRef = useRef<HTMLDivElement>(null);
  const headerHeight = useElementHeight<HTMLTableSectionElement>(38);
  // Stable between ticks: the virtualizer recomputes every row's offset (O(assets)) whenever this
  // function changes, and a fresh one each render did that on every frame of a scroll.
  const rowKey = useCallback((i: number) => rows[i]?.symbol ?? i, [rows]);
  const virtualizer = useVirtualizer({
    // Rows are placed below the sticky header, whose height depends on fonts and wrapping.
    paddingStart: headerHeight.height,
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: rowKey,
    overscan: 8,
  });
  const onToggle = useCallback(
    (symbol: string) =>
      setExpanded((prev) => {
        const next = new Set(prev);
        if (!next.delete(symbol)) next.add(symbol);
        return next;
      }),
    [],
  );

  // Rounded prices carry at most 10 decimals (price-format.ts), so the padding stays bounded.
  const priceWidth = useMemo(() => maxFractionDigits(rows.map((r) => r.shownPrice)), [rows]);
  const items = virtualizer.getVirtualItems();

  return (
    <>
      <p className="rates-hold muted" data-testid="rates-order" data-held={held}>
        {held
          ? 'Order held while the pointer or keyboard focus is in the table; figures still update.'
          : 'Rows stay in place while you point at or work in the table.'}
      </p>
      <div
        ref={scrollRef}
        {...handlers}
        data-held={held}
        className="rates-scroll"
        data-testid="rates-table"
        tabIndex={0}
        role="region"
        aria-label="Rates, scrollable"
      >
        {/* Laid out as blocks and grids so each asset can be moved with a transform: mounting or
          removing one row then lays out that row only, not the whole table. The roles keep it a
          table for assistive technology. */}
        <table
          className="data-table rates-table"
          role="table"
          aria-rowcount={rows.length + 1}
          style={{ height: virtualizer.getTotalSize() }}
        >
          <caption className="visually-hidden">USD prices of every asset, with their networks</caption>
          <thead role="rowgroup" ref={headerHeight.ref}>
            <tr role="row" aria-rowindex={1} className="rates-grid">
              {HEADERS.map((column) => (
                <SortHeader key={column.label} column={column} sort={sort} onSort={toggleSort} />
              ))}
            </tr>
          </thead>
          {items.map((item) => {
            const view = rows[item.index];
            if (!view) return null;
            return (
              <RateRowGroup
                key={view.symbol}
                view={view}
                index={item.index}
                top={item.start}
                expanded={expanded.has(view.symbol)}
                onToggle={onToggle}
                measureRef={virtualizer.measureElement}
                priceWidth={priceWidth}
              />
            );
          })}
        </table>
      </div>
    </>
  );
}
