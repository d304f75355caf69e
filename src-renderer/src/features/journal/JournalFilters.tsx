import { useEffect, useId, useRef, useState } from 'react';
import type { JournalFilter } from '@contract';
import { networkLabel } from '../../lib/network-names';
import { OPERATION_WORDS, STATE_WORDS } from './journal-words';
import { useJournalStore } from './journal-store';
import { ChoiceOptions, Field, SelectField } from '../../components/forms/Field';
import { DayRangeFields } from '../../components/forms/DayRangeFields';
import { dayStart } from '../../lib/day-start';

interface Draft {
  operation: string;
  state: string;
  pair: string;
  from: string;
  to: string;
  text: string;
}
const EMPTY: Draft = { operation: '', state: '', pair: '', from: '', to: '', text: '' };
const OPERATION_CHOICES = Object.entries(OPERATION_WORDS).map(([value, label]) => ({ value, label }));
const STATE_CHOICES = Object.entries(STATE_WORDS).map(([value, words]) => ({ value, label: words.text }));

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
  const badRange = !!draft.from && !!draft.to && draft.to < draft.from;

  const apply = (next: Draft, wait = 0) => {
    setDraft(next);
    clearTimeout(timer.current);
    if (next.from && next.to && next.to < next.from) return;
    timer.current = setTimeout(() => void setFilter(toFilter(next)), wait);
  };
  useEffect(() => () => clearTimeout(timer.current), []);
  const change = (key: keyof Draft) => (e: { target: { value: string } }) =>
    apply({ ...draft, [key]: e.target.value }, key === 'text' ? 350 : 0);
  // Each filter's control: its id, its value in the draft, its change, its test id.
  const bound = (key: keyof Draft) => ({
    id: `${id}-${key}`,
    value: draft[key],
    onChange: change(key),
    'data-testid': `journal-filter-${key}`,
  });

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
      <Field
        label="Search"
        fieldClass="journal-filters__text"
        type="search"
        {...bound('text')}
        placeholder="#12, an order id, address or code"
        maxLength={200}
      />
      <SelectField label="Operation" {...bound('operation')}>
        <ChoiceOptions empty="All operations" choices={OPERATION_CHOICES} />
      </SelectField>
      <SelectField label="State" {...bound('state')}>
        <ChoiceOptions empty="All states" choices={STATE_CHOICES} />
      </SelectField>
      <SelectField label="Coin and network" fieldClass="journal-filters__pair" {...bound('pair')}>
        <ChoiceOptions
          empty="All pairs"
          choices={pairs.map((p) => ({
            value: `${p.coin}:${p.network}`,
            label: `${p.coin.toUpperCase()} · ${networkLabel(names, p.network)}`,
          }))}
        />
      </SelectField>
      <DayRangeFields
        from={bound('from')}
        to={bound('to')}
        badRange={badRange}
        onPreset={(days) => apply({ ...draft, ...days })}
      />
      <div className="journal-filters__actions">
        <button type="button" className="button" onClick={() => apply(EMPTY)} disabled={draft === EMPTY}>
          Clear filters
        </button>
      </div>
    </form>
  );
}
