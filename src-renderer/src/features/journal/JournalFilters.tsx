import { useEffect, useId, useRef, useState } from 'react';
import type { JournalFilter } from '@contract';
import { networkLabel } from '../../lib/network-names';
import { OPERATION_WORDS, STATE_WORDS } from './journal-words';
import { useJournalStore } from './journal-store';

/** A local calendar day as the moment it starts, in UTC ISO: what main compares created_at with. */
export function dayStart(day: string, plusDays = 0): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays).toISOString();
}

interface Draft {
  operation: string;
  state: string;
  pair: string;
  from: string;
  to: string;
  text: string;
}
const EMPTY: Draft = { operation: '', state: '', pair: '', from: '', to: '', text: '' };

/** The filter main applies; the end day is included (main's `to` is exclusive, so it is the next day's start). */
export function toFilter(draft: Draft): JournalFilter {
  const [coin, network] = draft.pair ? draft.pair.split(':') : [];
  const from = dayStart(draft.from);
  const to = dayStart(draft.to, 1);
  return {
    ...(draft.operation ? { operation: draft.operation as JournalFilter['operation'] } : {}),
    ...(draft.state ? { state: draft.state as JournalFilter['state'] } : {}),
    ...(coin && network ? { coin, network } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(draft.text.trim() ? { text: draft.text.trim() } : {}),
  };
}

/** Filters narrow the list as they change; typed text waits for a pause so each key does not ask main. */
export function JournalFilters({ names }: { names: ReadonlyMap<string, string> }) {
  const pairs = useJournalStore((s) => s.pairs);
  const setFilter = useJournalStore((s) => s.setFilter);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const id = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const badRange = draft.from && draft.to && draft.to < draft.from;

  const apply = (next: Draft, wait = 0) => {
    setDraft(next);
    clearTimeout(timer.current);
    if (next.from && next.to && next.to < next.from) return;
    timer.current = setTimeout(() => void setFilter(toFilter(next)), wait);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  const change = (key: keyof Draft) => (e: { target: { value: string } }) =>
    apply({ ...draft, [key]: e.target.value }, key === 'text' ? 350 : 0);

  return (
    <form
      className="journal-filters"
      aria-label="Filter the journal"
      data-testid="journal-filters"
      onSubmit={(e) => {
        e.preventDefault();
        apply(draft);
      }}
    >
      <div className="field journal-filters__text">
        <label htmlFor={`${id}-text`}>Search</label>
        <input
          id={`${id}-text`}
          type="search"
          value={draft.text}
          onChange={change('text')}
          placeholder="#12, an order id, address or code"
          maxLength={200}
          data-testid="journal-filter-text"
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-op`}>Operation</label>
        <select
          id={`${id}-op`}
          value={draft.operation}
          onChange={change('operation')}
          data-testid="journal-filter-operation"
        >
          <option value="">All operations</option>
          {Object.entries(OPERATION_WORDS).map(([value, words]) => (
            <option key={value} value={value}>
              {words}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-state`}>State</label>
        <select
          id={`${id}-state`}
          value={draft.state}
          onChange={change('state')}
          data-testid="journal-filter-state"
        >
          <option value="">All states</option>
          {Object.entries(STATE_WORDS).map(([value, words]) => (
            <option key={value} value={value}>
              {words.text}
            </option>
          ))}
        </select>
      </div>
      <div className="field journal-filters__pair">
        <label htmlFor={`${id}-pair`}>Coin and network</label>
        <select
          id={`${id}-pair`}
          value={draft.pair}
          onChange={change('pair')}
          data-testid="journal-filter-pair"
        >
          <option value="">All pairs</option>
          {pairs.map((p) => (
            <option key={`${p.coin}:${p.network}`} value={`${p.coin}:${p.network}`}>
              {p.coin.toUpperCase()} · {networkLabel(names, p.network)}
            </option>
          ))}
        </select>
      </div>
      <div className={`field${badRange ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-from`}>From (day)</label>
        <input
          id={`${id}-from`}
          type="date"
          value={draft.from}
          onChange={change('from')}
          data-testid="journal-filter-from"
        />
      </div>
      <div className={`field${badRange ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-to`}>To (day, included)</label>
        <input
          id={`${id}-to`}
          type="date"
          value={draft.to}
          onChange={change('to')}
          aria-invalid={badRange ? true : undefined}
          aria-describedby={badRange ? `${id}-range` : undefined}
          data-testid="journal-filter-to"
        />
        {badRange && (
          <p id={`${id}-range`} className="field__error" role="alert">
            The last day is before the first; the list still shows the previous filter.
          </p>
        )}
      </div>
      <div className="journal-filters__actions">
        <button type="button" className="button" onClick={() => apply(EMPTY)} disabled={draft === EMPTY}>
          Clear filters
        </button>
      </div>
    </form>
  );
}
