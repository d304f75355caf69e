import type { ReactNode } from 'react';
import { Field } from './Field';
import type { FilterControl } from './filter-draft';
import './forms.css';

/**
 * A list's filters in one form, ending with "Clear filters". `name` names its class, test id and
 * actions ("invoice" → `invoice-filters`); `grid` lays the fields out in the shared filter grid.
 * Enter applies the draft at once instead of waiting for the typing pause.
 */
export function FilterForm({
  name,
  label,
  grid = false,
  onApply,
  onClear,
  cleared,
  children,
}: {
  name: string;
  label: string;
  grid?: boolean;
  onApply?: () => void;
  onClear: () => void;
  /** Nothing is filtered: the clear button is off. */
  cleared: boolean;
  children: ReactNode;
}) {
  const base = `${name}-filters`;
  return (
    <form
      className={grid ? `filter-grid ${base}` : base}
      aria-label={label}
      data-testid={base}
      onSubmit={(e) => {
        e.preventDefault();
        onApply?.();
      }}
    >
      {children}
      <div className={`${base}__actions`}>
        <button
          type="button"
          className="button"
          onClick={onClear}
          disabled={cleared}
          data-testid={`${base}-clear`}
        >
          Clear filters
        </button>
      </div>
    </form>
  );
}

/** A filter's free text: a search box two grid columns wide, at most 200 characters. */
export function SearchFilter(props: FilterControl & { label: string; placeholder: string }) {
  return <Field type="search" fieldClass="filter-grid__wide" maxLength={200} {...props} />;
}
