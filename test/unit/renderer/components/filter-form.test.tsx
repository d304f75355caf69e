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
    vi.useFakeTimers();
    const send = vi.fn();
    render(<Filters send={send} />);
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'a' } });
    act(() => vi.advanceTimersByTime(0));
    expect(send).toHaveBeenLastCalledWith({ ...EMPTY, kind: 'a' });

    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'ord' } });
    act(() => vi.advanceTimersByTime(300));
    expect(send).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(50));
    expect(send).toHaveBeenLastCalledWith({ ...EMPTY, kind: 'a', text: 'ord' });

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-02-02' } });
    act(() => vi.advanceTimersByTime(0));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-02-01' } });
    act(() => vi.advanceTimersByTime(1000));
    expect(send).toHaveBeenCalledTimes(3);
    expect(send).toHaveBeenLastCalledWith({ ...EMPTY, kind: 'a', text: 'ord', from: '2026-02-02' });
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-02-01');

    fireEvent.click(screen.getByTestId('demo-filters-clear'));
    act(() => vi.advanceTimersByTime(0));
    expect(send).toHaveBeenLastCalledWith(EMPTY);
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('demo-filters-clear') as HTMLButtonElement).disabled).toBe(true);
  });

  it('applies the draft at once on Enter instead of waiting for the pause', () => {
    vi.useFakeTimers();
    const send = vi.fn();
    render(<Filters send={send} />);
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'x' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Filter the demo' }));
    act(() => vi.advanceTimersByTime(0));
    expect(send).toHaveBeenCalledOnce();
    expect(send).toHaveBeenLastCalledWith({ ...EMPTY, text: 'x' });
  });
});
