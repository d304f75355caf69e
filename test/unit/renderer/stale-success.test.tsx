// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SandboxStatus, WebhookDelivery } from '@contract';
import { SandboxScreen } from '@renderer/features/sandbox/SandboxScreen';
import { useSandboxControls } from '@renderer/features/sandbox/sandbox-store';
import { WebhooksScreen } from '@renderer/features/webhooks/WebhooksScreen';
import { useWebhooksStore } from '@renderer/features/webhooks/webhooks-store';
import { useShellStore } from '@renderer/stores/shell-store';
import { ACME, SANDBOX, installDomMerchant } from './dom-merchant';

/** A previous success panel must not stay beside a new attempt's error (issue 25). */
const shellInitial = useShellStore.getState();
const sandboxInitial = useSandboxControls.getState();
const webhooksInitial = useWebhooksStore.getState();
const STATUS: SandboxStatus = {
  faults: [],
  duplicateWebhooks: false,
  clock: '2026-11-22T06:00:00.000Z',
  aheadMs: 0,
};
const DELIVERY: WebhookDelivery = {
  id: 'd1',
  receivedAt: '2026-11-22T07:00:00.000Z',
  source: 'pasted',
  verified: true,
  duplicate: false,
  event: 'invoice.paid',
  appliedTo: '12',
  note: null,
  rejection: null,
  ids: { eventId: 'evt_1', invoiceCode: 'C-1' },
};

beforeEach(() => {
  useSandboxControls.setState(sandboxInitial, true);
  useWebhooksStore.setState(webhooksInitial, true);
  useShellStore.setState({ ...shellInitial, profiles: [SANDBOX, ACME], activeId: 'sandbox' }, true);
  installDomMerchant({
    'sandbox.status': () => ({ ok: true, data: STATUS }),
    'journal.list': () => ({ ok: true, data: { entries: [] } }),
    'wallets.list': () => ({ ok: true, data: { wallets: [] } }),
    'sandbox.act': () => ({ ok: true, data: { message: 'Fault added.', status: STATUS } }),
    'webhooks.list': () => ({ ok: true, data: { deliveries: [] } }),
    'webhooks.receiverStatus': () => ({ ok: true, data: { enabled: false, port: 8787, url: null } }),
    'webhooks.import': () => ({ ok: true, data: { deliveries: [DELIVERY] } }),
  });
});
afterEach(cleanup);

describe('a previous success does not stay beside a new error', () => {
  it('Sandbox faults: the "added" line goes when the next fault is refused by the form', async () => {
    const user = userEvent.setup();
    render(<SandboxScreen />);
    await user.click(await screen.findByRole('button', { name: 'Add fault' }));
    expect((await screen.findByTestId('sandbox-result-faults')).textContent).toBe('Fault added.');
    const count = screen.getByLabelText('For how many requests');
    await user.clear(count);
    await user.type(count, '0');
    await user.click(screen.getByRole('button', { name: 'Add fault' }));
    expect(screen.getByText('Enter a whole number from 1 to 20.')).toBeTruthy();
    expect(screen.queryByTestId('sandbox-result-faults')).toBeNull();
  });

  it('Webhook paste: the verified delivery goes when the next paste is missing its signature', async () => {
    const user = userEvent.setup();
    render(<WebhooksScreen />);
    await user.type(await screen.findByLabelText('Raw body'), '{{}');
    await user.type(screen.getByLabelText('X-Signature'), 'aa');
    await user.click(screen.getByRole('button', { name: 'Verify and apply' }));
    const result = screen.getByTestId('paste-result');
    expect(within(result).getByTestId('delivery-status')).toBeTruthy();
    await user.clear(screen.getByLabelText('X-Signature'));
    await user.click(screen.getByRole('button', { name: 'Verify and apply' }));
    expect(screen.getByText('Paste the X-Signature header value.')).toBeTruthy();
    expect(within(result).queryByTestId('delivery-status')).toBeNull();
  });
});
