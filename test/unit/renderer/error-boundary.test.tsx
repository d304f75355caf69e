// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '@renderer/components/ErrorBoundary';

let broken = true;
function Fragile() {
  if (broken) throw new Error('Cannot read properties of undefined (reading "rows")');
  return <p>Rates table</p>;
}

afterEach(cleanup);

describe('ErrorBoundary', () => {
  it('says what happened and what to do, that nothing was sent, and keeps the detail collapsed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <ErrorBoundary area="Rates">
        <Fragile />
      </ErrorBoundary>,
    );
    const notice = screen.getByTestId('screen-error');
    expect(notice.textContent).toMatch(/Rates screen stopped/);
    expect(notice.textContent).toMatch(/Nothing was sent to the payment service/);
    expect(notice.textContent).not.toMatch(/the data/i);
    expect(notice.querySelector('details')?.open).toBe(false);
    broken = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload the screen' }));
    expect(screen.getByText('Rates table')).toBeTruthy();
  });
});
