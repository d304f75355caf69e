// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChoiceField } from '@renderer/components/forms/Field';
import { useFilterDraft } from '@renderer/components/forms/filter-draft';
import { FilterForm, SearchFilter } from '@renderer/components/forms/FilterForm';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const EMPTY = { text: '', kind: '', from: '', to: '' };
type Draft = typeof EMPTY;
const reversed = (d: Draft) => !!d.from && !!d.to && d.to < d.from;

function Filters({ send }: { send: (d: Draft) => void }) {
  const { bound, form } = useFilterDraft<Draft>({
    empty: EMPTY,
    prefix: 'demo',
    typed: 'text',
    reversed,
    send,
  });
  return (
    <FilterForm name="demo" label="Filter the demo" grid {...form}>
      <SearchFilter label="Search" placeholder="Anything" {...bound('text')} />
      <ChoiceField label="Kind" empty="All kinds" choices={[{ value: 'a', label: 'A' }]} {...bound('kind')} />
      <input aria-label="From" {...bound('from')} />
      <input aria-label="To" {...bound('to')} />
    </FilterForm>
  );
}

/** The demo filters on fake timers: what they send. */
function renderOnFakeTimers() {
  vi.useFakeTimers();
  const send = vi.fn();
  render(<Filters send={send} />);
  return send;
}
const change = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('a filter form and its draft', () => {
  it('names the form, its fields and its clear button from one name', () => {
    render(<Filters send={() => {}} />);
    const form = screen.getByRole('form', { name: 'Filter the demo' });
    expect(form.className).toBe('filter-grid demo-filters');
    expect(form.getAttribute('data-testid')).toBe('demo-filters');
    expect(screen.getByTestId('demo-filter-kind').tagName).toBe('SELECT');
    const search = screen.getByLabelText('Search');
    expect(search.getAttribute('type')).toBe('search');
    expect(search.getAttribute('maxlength')).toBe('200');
    expect(search.closest('.field')?.classList.contains('filter-grid__wide')).toBe(true);
    expect(screen.getByTestId('demo-filters-clear').closest('.demo-filters__actions')).not.toBeNull();
    expect((screen.getByTestId('demo-filters-clear') as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends a pick at once, typed text after a pause, never a reversed range, and clears back to empty', () => {
    const send = renderOnFakeTimers();
    change('Kind', 'a');
    wait(0);
    expect(send).toHaveBeenLastCalledWith({ ...EMPTY, kind: 'a' });

    change('Search', 'ord');
    wait(300);
    expect(send).toHaveBeenCalledTimes(1);
    wait(50);
    expect(send).toHaveBeenLastCalledWith({ ...EMPTY, kind: 'a', text: 'ord' });

    change('From', '2026-02-02');
    wait(0);
    change('To', '2026-02-01');
    wait(1000);
    expect(send).toHaveBeenCalledTimes(3);
    expect(send).toHaveBeenLastCalledWith({ ...EMPTY, kind: 'a', text: 'ord', from: '2026-02-02' });
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-02-01');

    fireEvent.click(screen.getByTestId('demo-filters-clear'));
    wait(0);
    expect(send).toHaveBeenLastCalledWith(EMPTY);
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('demo-filters-clear') as HTMLButtonElement).disabled).toBe(true);
  });

  it('applies the draft at once on Enter instead of waiting for the pause', () => {
    const send = renderOnFakeTimers();
    change('Search', 'x');
    fireEvent.submit(screen.getByRole('form', { name: 'Filter the demo' }));
    wait(0);
    expect(send).toHaveBeenCalledOnce();
    expect(send).toHaveBeenLastCalledWith({ ...EMPTY, text: 'x' });
  });
});
