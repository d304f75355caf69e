// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { BooksExport } from '@renderer/components/books/BooksExport';
import { booksPeriod, lastMonthDays } from '@renderer/components/books/books-period';
import { installDomMerchant } from '../dom-merchant';

const saved = {
  paths: ['/docs/books.ofx', '/docs/books-no-rate.csv'],
  stampPath: '/docs/books.chain-head.txt',
  movements: 12,
  withoutRate: 2,
  chainPosition: `event #57 ${'ab'.repeat(32)}`,
};

describe('the books export panel', () => {
  afterEach(cleanup);
  it('sends the format and the UTC days (last one included), and shows the files and the no-rate count', async () => {
    const fake = installDomMerchant({ 'books.export': () => ({ ok: true, data: saved }) });
    render(<BooksExport sandbox={false} />);
    const user = userEvent.setup();
    await user.click(screen.getByText('Export for the books…'));
    await user.selectOptions(screen.getByTestId('books-format'), 'ofx');
    await user.clear(screen.getByTestId('books-from'));
    await user.type(screen.getByTestId('books-from'), '2026-10-01');
    await user.clear(screen.getByTestId('books-to'));
    await user.type(screen.getByTestId('books-to'), '2026-10-31');
    await user.click(screen.getByTestId('books-export-run'));
    await waitFor(() => expect(screen.getByTestId('books-export-result')).toBeTruthy());
    expect(fake.calls.find((c) => c.channel === 'books.export')?.request).toEqual({
      format: 'ofx',
      from: '2026-10-01T00:00:00.000Z',
      to: '2026-11-01T00:00:00.000Z',
    });
    const result = within(screen.getByTestId('books-export-result'));
    expect(result.getByText('Saved 12 movements.')).toBeTruthy();
    expect(result.getByText(/2 movements have no USD rate recorded/)).toBeTruthy();
    expect(result.getByText('/docs/books-no-rate.csv')).toBeTruthy();
  });

  it('for a session sends only its id; a reversed range cannot be sent', async () => {
    const fake = installDomMerchant({
      'books.export': () => ({ ok: true, data: { ...saved, paths: [], stampPath: null } }),
    });
    const { unmount } = render(<BooksExport sessionId="4" sandbox />);
    const user = userEvent.setup();
    expect(screen.getByText(/SANDBOX — not payable/)).toBeTruthy();
    await user.click(screen.getByTestId('books-export-run'));
    await waitFor(() => expect(screen.getByText('Export cancelled: nothing was saved.')).toBeTruthy());
    expect(fake.calls.find((c) => c.channel === 'books.export')?.request).toEqual({
      format: 'quickbooks',
      sessionId: '4',
    });
    unmount();
    expect(booksPeriod('2026-10-31', '2026-10-01')).toBeNull();
    expect(booksPeriod('2026-10-31', '2026-10-31')).toEqual({
      from: '2026-10-31T00:00:00.000Z',
      to: '2026-11-01T00:00:00.000Z',
    });
    expect(lastMonthDays(new Date('2026-03-15T12:00:00Z'))).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });
});
