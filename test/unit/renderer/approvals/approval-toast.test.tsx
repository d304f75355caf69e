// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { Toasts } from '@renderer/shell/Toasts';
import { useToastsStore } from '@renderer/shell/toasts-store';

afterEach(() => {
  cleanup();
  useToastsStore.setState({ toasts: [] });
});

it('a withdrawal waiting for approval is told in the window with a way to the Approvals screen, not the Journal', async () => {
  useToastsStore.setState({
    toasts: [
      {
        id: 't1',
        kind: 'approval-waiting',
        title: 'Approval needed · LIVE',
        body: 'Withdrawal #41: 1250.50 USDT · TRON (TRC-20), prepared by anna, waits for your approval.',
        entryId: null,
      },
    ],
  });
  render(<Toasts screen="overview" />);
  const toast = within(await screen.findByTestId('toast'));
  expect(toast.getByText('Approval needed · LIVE', { selector: '.toast__title' })).toBeTruthy();
  expect(toast.getByRole('link', { name: 'Open Approvals' }).getAttribute('href')).toBe('#/approvals');
  expect(toast.queryByRole('link', { name: 'Open in the Journal' })).toBeNull();
});

it('is taken away on the Approvals screen, where the queue itself is in view; other toasts stay', async () => {
  const waiting = {
    id: 't1',
    kind: 'approval-waiting' as const,
    title: 'Approval needed · LIVE',
    body: 'Withdrawal #41 waits for your approval.',
    entryId: null,
  };
  const paid = { ...waiting, id: 't2', kind: 'invoice-paid' as const, title: 'Invoice paid', entryId: '7' };
  useToastsStore.setState({ toasts: [waiting, paid] });
  const { rerender } = render(<Toasts screen="overview" />);
  expect(await screen.findAllByTestId('toast')).toHaveLength(2);
  rerender(<Toasts screen="approvals" />);
  expect(screen.getAllByTestId('toast').map((t) => t.getAttribute('data-kind'))).toEqual(['invoice-paid']);
  // One arriving while the person is there is not drawn over the queue either.
  act(() => useToastsStore.setState((s) => ({ toasts: [...s.toasts, { ...waiting, id: 't3' }] })));
  expect(screen.getAllByTestId('toast')).toHaveLength(1);
});
