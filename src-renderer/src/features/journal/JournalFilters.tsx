import type { JournalFilter } from '@contract';
import { networkLabel } from '../../lib/network-names';
import { OPERATION_WORDS, STATE_WORDS } from './journal-words';
import { useJournalStore } from './journal-store';
import { ChoiceField } from '../../components/forms/Field';
import { useFilterDraft } from '../../components/forms/filter-draft';
import { FilterForm, SearchFilter } from '../../components/forms/FilterForm';
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
const reversedRange = (draft: Draft) => !!draft.from && !!draft.to && draft.to < draft.from;
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
  const { draft, apply, bound, form } = useFilterDraft<Draft>({
    empty: EMPTY,
    prefix: 'journal',
    typed: 'text',
    reversed: reversedRange,
    send: (next) => void setFilter(toFilter(next)),
  });
  const pairChoices = pairs.map((p) => ({
    value: `${p.coin}:${p.network}`,
    label: `${p.coin.toUpperCase()} · ${networkLabel(names, p.network)}`,
  }));

  return (
    <FilterForm name="journal" label="Filter the journal" grid {...form}>
      <SearchFilter label="Search" placeholder="#12, an order id, address or code" {...bound('text')} />
      <ChoiceField
        label="Operation"
        empty="All operations"
        choices={OPERATION_CHOICES}
        {...bound('operation')}
      />
      <ChoiceField label="State" empty="All states" choices={STATE_CHOICES} {...bound('state')} />
      <ChoiceField
        label="Coin and network"
        fieldClass="filter-grid__wide"
        empty="All pairs"
        choices={pairChoices}
        {...bound('pair')}
      />
      <DayRangeFields
        from={bound('from')}
        to={bound('to')}
        badRange={reversedRange(draft)}
        onPreset={(days) => apply({ ...draft, ...days })}
      />
    </FilterForm>
  );
}
