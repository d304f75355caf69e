import { useId } from 'react';
import { ChoiceOptions, SelectField } from '../../components/forms/Field';
import { networkLabel } from '../../lib/network-names';
import { useMoneyInStore, type MoneyInFilters as Filters, NO_FILTERS } from './money-in-store';
import { KIND_CHOICES } from './money-in-words';
import { DayRangeFields } from '../../components/forms/DayRangeFields';

/** Kind, pair and days: each change asks main again (the list is one read, not a search as you type). */
export function MoneyInFilters({ names }: { names: ReadonlyMap<string, string> }) {
  const filters = useMoneyInStore((s) => s.filters);
  const pairs = useMoneyInStore((s) => s.pairs);
  const setFilters = useMoneyInStore((s) => s.setFilters);
  const id = useId();
  const badRange = !!filters.fromDay && !!filters.toDay && filters.toDay < filters.fromDay;
  const change = (key: keyof Filters) => (e: { target: { value: string } }) => {
    const next = { ...filters, [key]: e.target.value };
    // A reversed range is kept on screen with its error, and not asked for.
    if (next.fromDay && next.toDay && next.toDay < next.fromDay) useMoneyInStore.setState({ filters: next });
    else setFilters({ [key]: e.target.value });
  };
  const bound = (key: keyof Filters) => ({
    id: `${id}-${key}`,
    value: filters[key],
    onChange: change(key),
    'data-testid': `money-in-filter-${key}`,
  });
  return (
    <form className="money-in-filters" aria-label="Filter money in" onSubmit={(e) => e.preventDefault()}>
      <SelectField label="Kind" {...bound('kind')}>
        <ChoiceOptions empty="Payments and deposits" choices={KIND_CHOICES} />
      </SelectField>
      <SelectField label="Coin and network" {...bound('pair')}>
        <ChoiceOptions
          empty="All pairs"
          choices={pairs.map((p) => {
            const [coin = '', network = ''] = p.split(':');
            return { value: p, label: `${coin.toUpperCase()} · ${networkLabel(names, network)}` };
          })}
        />
      </SelectField>
      <DayRangeFields from={bound('fromDay')} to={bound('toDay')} badRange={badRange} />
      <div className="money-in-filters__actions">
        <button
          type="button"
          className="button"
          onClick={() => setFilters(NO_FILTERS)}
          disabled={filters === NO_FILTERS}
        >
          Clear filters
        </button>
      </div>
    </form>
  );
}
