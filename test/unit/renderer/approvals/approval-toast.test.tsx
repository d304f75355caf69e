// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
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
  render(<Toasts />);
  const toast = within(await screen.findByTestId('toast'));
  expect(toast.getByText('Approval needed · LIVE', { selector: '.toast__title' })).toBeTruthy();
  expect(toast.getByRole('link', { name: 'Open Approvals' }).getAttribute('href')).toBe('#/approvals');
  expect(toast.queryByRole('link', { name: 'Open in the Journal' })).toBeNull();
});
