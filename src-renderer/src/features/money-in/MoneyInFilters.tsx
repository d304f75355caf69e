import { useId } from 'react';
import { DayRangeFields } from '../../components/forms/DayRangeFields';
import { ChoiceField } from '../../components/forms/Field';
import { filterBinder } from '../../components/forms/filter-draft';
import { FilterForm } from '../../components/forms/FilterForm';
import { networkLabel } from '../../lib/network-names';
import { useMoneyInStore, NO_FILTERS } from './money-in-store';
import { KIND_CHOICES } from './money-in-words';

/** Kind, pair and days: each change asks main again (the list is one read, not a search as you type). */
export function MoneyInFilters({ names }: { names: ReadonlyMap<string, string> }) {
  const filters = useMoneyInStore((s) => s.filters);
  const pairs = useMoneyInStore((s) => s.pairs);
  const setFilters = useMoneyInStore((s) => s.setFilters);
  const id = useId();
  const badRange = !!filters.fromDay && !!filters.toDay && filters.toDay < filters.fromDay;
  const bound = filterBinder(filters, id, 'money-in', (key, value) => {
    const next = { ...filters, [key]: value };
    // A reversed range is kept on screen with its error, and not asked for.
    if (next.fromDay && next.toDay && next.toDay < next.fromDay) useMoneyInStore.setState({ filters: next });
    else setFilters({ [key]: value });
  });
  const pairChoices = pairs.map((p) => {
    const [coin = '', network = ''] = p.split(':');
    return { value: p, label: `${coin.toUpperCase()} · ${networkLabel(names, network)}` };
  });
  return (
    <FilterForm
      name="money-in"
      label="Filter money in"
      onClear={() => setFilters(NO_FILTERS)}
      cleared={filters === NO_FILTERS}
    >
      <ChoiceField label="Kind" empty="Payments and deposits" choices={KIND_CHOICES} {...bound('kind')} />
      <ChoiceField label="Coin and network" empty="All pairs" choices={pairChoices} {...bound('pair')} />
      <DayRangeFields from={bound('fromDay')} to={bound('toDay')} badRange={badRange} />
    </FilterForm>
  );
}
