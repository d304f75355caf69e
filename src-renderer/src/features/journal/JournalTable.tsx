import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useRef, type KeyboardEvent } from 'react';
import type { JournalEntry } from '@contract';
import { Badge } from '../../components/Badge';
import { Amount } from '../../components/Money';
import { ScrollTable } from '../../components/ScrollTable';
import { networkLabel } from '../../lib/network-names';
import { useElementHeight } from '../../lib/use-element-height';
import { formatZonedDateTime } from '../../lib/zoned-time';
import { amountUnit, countWords, OPERATION_WORDS, referenceOf, stateWordsOf } from './journal-words';
import { PAGE_SIZE, useJournalStore } from './journal-store';
import './journal-table.css';

/** Every row has this height (single-line cells), so the scroll position maps exactly to rows. */
export const ROW_HEIGHT = 42;
/** Rows beyond those in view whose page is read already. */
const READ_AHEAD = PAGE_SIZE / 2;
const COLUMNS = [
  { label: 'Entry' },
  { label: 'Time' },
  { label: 'State' },
  { label: 'Amount or pair', numeric: true },
  { label: 'Reference' },
] as const;

/** Where a row sits in the list body: moved there, so a row coming into view moves no other row. */
const placed = (index: number) => ({
  height: ROW_HEIGHT,
  transform: `translateY(${index * ROW_HEIGHT}px)`,
});

/** A wallet has no amount: its pair says what it is for. */
function AmountOrPair({
  entry,
  unit,
  network,
}: {
  entry: JournalEntry;
  unit: string | null;
  network?: string;
}) {
  const amount = typeof entry.fields.amount === 'string' ? entry.fields.amount : null;
  if (unit && amount) return <Amount value={amount} unit={unit} network={network} />;
  if (unit && network)
    return (
      <span>
        {unit} · {network}
      </span>
    );
  return <span className="muted">—</span>;
}

/**
 * One entry. Memoised: while the list scrolls, rows that stay in view keep their props (the same entry
 * object from its page, a stable key handler) and are not rendered again; only rows coming into view are.
 */
const Row = memo(function Row({
  entry,
  index,
  names,
  selected,
  brokenHere,
  onKey,
}: {
  entry: JournalEntry;
  index: number;
  names: ReadonlyMap<string, string>;
  selected: boolean;
  brokenHere: boolean;
  onKey: (e: KeyboardEvent<HTMLButtonElement>, index: number) => void;
}) {
  const select = useJournalStore((s) => s.select);
  const state = stateWordsOf(entry);
  const unit = amountUnit(entry);
  const network =
    typeof entry.fields.network === 'string' ? networkLabel(names, entry.fields.network) : undefined;
  const damaged = (entry.damage?.length ?? 0) > 0;
  return (
    <tr
      data-testid="journal-row"
      data-id={entry.id}
      data-state={entry.state}
      data-damaged={damaged || brokenHere || undefined}
      aria-rowindex={index + 2}
      aria-current={selected || undefined}
      role="row"
      className={`journal-row${selected ? ' journal-row--selected' : ''}${damaged || brokenHere ? ' journal-row--damaged' : ''}`}
      style={placed(index)}
    >
      <td role="cell">
        <button
          type="button"
          className="link-button"
          data-index={index}
          aria-label={`${OPERATION_WORDS[entry.operation]} #${entry.id}, ${state.text}: open details`}
          onClick={() => void select(entry.id)}
          onKeyDown={(e) => onKey(e, index)}
        >
          {OPERATION_WORDS[entry.operation]} #{entry.id}
        </button>
      </td>
      <td role="cell" className="journal-row__time">
        {formatZonedDateTime(entry.createdAt)}
      </td>
      <td role="cell" className="journal-row__state">
        <Badge tone={state.tone}>{state.text}</Badge>
        {damaged && (
          <Badge tone="bad" testId="journal-row-damaged">
            Damaged row
          </Badge>
        )}
        {brokenHere && !damaged && <Badge tone="bad">Chain breaks here</Badge>}
      </td>
      <td role="cell" className="num">
        <AmountOrPair entry={entry} unit={unit} network={network} />
      </td>
      <td role="cell" className="journal-row__ref mono" title={referenceOf(entry)}>
        {referenceOf(entry)}
      </td>
    </tr>
  );
});

/**
 * The filtered journal, newest first, virtualised: only the rows near the scroll position are in the
 * page, and pages are read from main as they come into view. Arrow keys move between rows.
 */
export function JournalTable({
  names,
  brokenEntry,
}: {
  names: ReadonlyMap<string, string>;
  brokenEntry: string | null;
}) {
  const total = useJournalStore((s) => s.total) ?? 0;
  const totalIsCapped = useJournalStore((s) => s.totalIsCapped);
  const pages = useJournalStore((s) => s.pages);
  const selectedId = useJournalStore((s) => s.selectedId);
  const ensurePage = useJournalStore((s) => s.ensurePage);
  const box = useRef<HTMLDivElement>(null);
  const header = useElementHeight<HTMLTableSectionElement>(0);
  const virtual = useVirtualizer({
    count: total,
    getScrollElement: () => box.current?.querySelector<HTMLElement>('.table-wrap') ?? null,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // Before the frame is measured (first paint, a DOM without layout), assume a screenful.
    initialRect: { width: 800, height: 600 },
    // The rows begin below the header, and the header stays over the top of the box while it
    // scrolls: a row brought into view by the keyboard must land below it, not under it.
    scrollMargin: header.height,
    scrollPaddingStart: header.height,
  });
  const items = virtual.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;

  // Half a page ahead of the rows in view, both ways: the next page is usually read before its rows
  // scroll in, so they are drawn once instead of as "Loading…" rows replaced a few frames later.
  useEffect(() => {
    const from = Math.max(0, first - READ_AHEAD);
    const to = Math.min(total - 1, last + READ_AHEAD);
    for (let page = Math.floor(from / PAGE_SIZE); page <= Math.floor(to / PAGE_SIZE); page++)
      void ensurePage(page);
  }, [first, last, total, ensurePage, pages]);

  const onKey = useCallback(
    (e: KeyboardEvent<HTMLButtonElement>, index: number) => {
      const to =
        e.key === 'ArrowDown'
          ? index + 1
          : e.key === 'ArrowUp'
            ? index - 1
            : e.key === 'Home'
              ? 0
              : e.key === 'End'
                ? total - 1
                : null;
      if (to === null || to < 0 || to >= total) return;
      e.preventDefault();
      virtual.scrollToIndex(to, { align: 'auto' });
      const focus = (tries: number) =>
        requestAnimationFrame(() => {
          const target = box.current?.querySelector<HTMLButtonElement>(`button[data-index="${to}"]`);
          if (target) target.focus();
          else if (tries > 0) focus(tries - 1);
        });
      focus(10);
    },
    [total, virtual],
  );

  return (
    <div ref={box} className="journal-list" data-testid="journal-list" data-total={total}>
      <ScrollTable
        label="Journal entries"
        caption={`Journal entries, ${countWords(total, totalIsCapped)} in all, newest first. Open an entry for its details.`}
        className="journal-table"
        testId="journal-table"
        rowCount={total + 1}
      >
        <thead ref={header.ref} role="rowgroup">
          <tr role="row" aria-rowindex={1}>
            {COLUMNS.map((column) => (
              <th
                key={column.label}
                scope="col"
                role="columnheader"
                className={'numeric' in column ? 'num' : undefined}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        {/* Laid out as blocks and grids, each row moved to its place: a row coming into view or
          leaving lays out that row only, where a table laid out every row again on every frame of a
          scroll. The roles keep it a table for assistive technology. */}
        <tbody role="rowgroup" style={{ height: virtual.getTotalSize() }}>
          {items.map((item) => {
            const entry = pages[Math.floor(item.index / PAGE_SIZE)]?.[item.index % PAGE_SIZE];
            if (!entry)
              return (
                <tr
                  key={`loading-${item.index}`}
                  role="row"
                  className="journal-row"
                  style={placed(item.index)}
                  aria-rowindex={item.index + 2}
                >
                  <td role="cell" className="muted journal-row__loading">
                    Loading…
                  </td>
                </tr>
              );
            return (
              <Row
                key={entry.id}
                entry={entry}
                index={item.index}
                names={names}
                selected={entry.id === selectedId}
                brokenHere={entry.id === brokenEntry}
                onKey={onKey}
              />
            );
          })}
        </tbody>
      </ScrollTable>
    </div>
  );
}
