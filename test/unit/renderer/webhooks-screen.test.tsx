// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '@contract';
import { WebhooksScreen } from '@renderer/features/webhooks/WebhooksScreen';
import { useWebhooksStore } from '@renderer/features/webhooks/webhooks-store';
import { useShellStore } from '@renderer/stores/shell-store';
import { NotificationsSetting } from '@renderer/shell/NotificationsSetting';
import { Toasts } from '@renderer/shell/Toasts';
import { useToastsStore } from '@renderer/shell/toasts-store';
import { ACME, SANDBOX, installDomMerchant } from './dom-merchant';

const shellInitial = useShellStore.getState();
const webhooksInitial = useWebhooksStore.getState();
const toastsInitial = useToastsStore.getState();

const delivery = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
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
  ...over,
});

const MISMATCH = delivery({
  verified: false,
  event: null,
  appliedTo: null,
  ids: {},
  rejection: 'signature-mismatch',
  note: 'Signature did not match.',
  mismatch: {
    bytes: '{"url":"https://x"}',
    byteLength: 19,
    truncated: false,
    reencodingDiffers: true,
    reencoded: '{"url":"https:\\/\\/x"}',
    matchesReencoded: true,
  },
});

function show(profile: typeof SANDBOX | typeof ACME, handlers: Record<string, (r: unknown) => unknown> = {}) {
  const fake = installDomMerchant({
    'webhooks.list': () => ({ ok: true, data: { deliveries: [] } }),
    'webhooks.receiverStatus': () => ({ ok: true, data: { enabled: false, port: 8787, url: null } }),
    ...handlers,
  });
  useShellStore.setState({ ...shellInitial, profiles: [SANDBOX, ACME], activeId: profile.id }, true);
  render(
    <>
      <WebhooksScreen />
      <Toasts screen="webhooks" />
    </>,
  );
  return fake;
}

beforeEach(() => {
  useWebhooksStore.setState(webhooksInitial, true);
  useToastsStore.setState(toastsInitial, true);
});
afterEach(cleanup);

describe('Webhooks screen: paste', () => {
  it('asks for both fields before sending anything', async () => {
    const fake = show(SANDBOX);
    await userEvent.click(await screen.findByRole('button', { name: 'Verify and apply' }));
    expect(screen.getByText('Paste the raw body exactly as it was received.')).toBeTruthy();
    expect(screen.getByText('Paste the X-Signature header value.')).toBeTruthy();
    expect(fake.calls.filter((c) => c.channel === 'webhooks.import')).toEqual([]);
  });

  it('a mismatch is shown as rejected, with the bytes verified and the re-encoding verdict, no journal link', async () => {
    const fake = show(SANDBOX, { 'webhooks.import': () => ({ ok: true, data: { deliveries: [MISMATCH] } }) });
    await userEvent.type(await screen.findByLabelText('Raw body'), 'abc');
    await userEvent.type(screen.getByLabelText('X-Signature'), ' ff00 ');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and apply' }));
    expect(fake.calls.find((c) => c.channel === 'webhooks.import')?.request).toEqual({
      kind: 'single',
      rawBody: 'abc',
      signature: 'ff00',
    });
    const result = within(screen.getByTestId('paste-result'));
    expect(result.getByTestId('delivery-status').textContent).toBe('Rejected: signature mismatch');
    expect(result.getByTestId('delivery-effect').textContent).toBe('Nothing in the journal changed. ');
    expect(result.getByTestId('delivery-reencoding').textContent).toBe('Re-encoding changed the body: yes');
    expect(result.getByTestId('delivery-bytes').textContent).toBe('{"url":"https://x"}');
    expect(result.getByText(/re-encoded after it was signed/)).toBeTruthy();
    expect(result.queryByTestId('delivery-journal-link')).toBeNull();
    // The environment sits by the button (UX rule 2).
    expect(screen.getByText('SANDBOX')).toBeTruthy();
  });

  it('a verified delivery names its ids and links its journal entry', async () => {
    show(ACME, { 'webhooks.import': () => ({ ok: true, data: { deliveries: [delivery()] } }) });
    await userEvent.type(await screen.findByLabelText('Raw body'), '{{}');
    await userEvent.type(screen.getByLabelText('X-Signature'), 'aa');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and apply' }));
    const result = within(screen.getByTestId('paste-result'));
    expect(result.getByTestId('delivery-status').textContent).toBe('Verified · applied to the journal');
    expect(result.getByTestId('delivery-journal-link').getAttribute('href')).toBe('#/journal?entry=12');
    expect(result.getByText('C-1')).toBeTruthy();
    expect(screen.getByText('LIVE')).toBeTruthy();
  });
});

describe('Webhooks screen: import', () => {
  it('sends the file as JSON lines and shows the counts and the skipped line numbers', async () => {
    const fake = show(SANDBOX, {
      'webhooks.import': () => ({
        ok: true,
        data: {
          deliveries: [delivery()],
          counts: {
            lines: 3,
            read: 1,
            applied: 1,
            verified: 0,
            duplicates: 0,
            rejected: 0,
            skipped: 2,
            notRead: 0,
          },
          skipped: [
            { line: 2, reason: 'not JSON' },
            { line: 3, reason: 'no raw_body' },
          ],
        },
      }),
    });
    const file = new File(['{"raw_body":"x"}\n{broken\n{}\n'], 'deliveries.jsonl', {
      type: 'application/x-ndjson',
    });
    await userEvent.upload(await screen.findByTestId('webhook-file'), file);
    await screen.findByTestId('import-summary');
    expect(fake.calls.find((c) => c.channel === 'webhooks.import')?.request).toEqual({
      kind: 'jsonl',
      content: '{"raw_body":"x"}\n{broken\n{}\n',
    });
    const summary = within(screen.getByTestId('import-summary'));
    expect(summary.getByRole('status').textContent).toMatch(
      /^3 lines: 1 applied to the journal, .* 2 skipped\.$/,
    );
    expect(summary.getByText('Line 2: not JSON')).toBeTruthy();
    expect(summary.getByText('Line 3: no raw_body')).toBeTruthy();
  });
});

describe('Webhooks screen: receiver, Sandbox and live arrivals', () => {
  it('turns the receiver on at the port given and shows its address', async () => {
    const fake = show(SANDBOX, {
      'webhooks.receiver': () => ({
        ok: true,
        data: {
          enabled: true,
          port: 9100,
          url: 'http://127.0.0.1:9100/',
          accepted: 0,
          rejected: 2,
          limited: 0,
        },
      }),
    });
    const port = await screen.findByLabelText('Port');
    await userEvent.clear(port);
    await userEvent.type(port, '9100');
    await userEvent.click(screen.getByRole('button', { name: 'Turn the receiver on' }));
    expect(fake.calls.find((c) => c.channel === 'webhooks.receiver')?.request).toEqual({
      enabled: true,
      port: 9100,
    });
    expect((await screen.findByTestId('receiver-url')).textContent).toBe('http://127.0.0.1:9100/');
    expect(screen.getByTestId('receiver-counts').textContent).toMatch(/2 turned away \(bad signature\)/);
  });

  it('refuses a port below 1024 in place', async () => {
    const fake = show(SANDBOX);
    const port = await screen.findByLabelText('Port');
    await userEvent.clear(port);
    await userEvent.type(port, '80');
    await userEvent.click(screen.getByRole('button', { name: 'Turn the receiver on' }));
    expect(screen.getByText('Enter a port from 1024 to 65535, such as 8787.')).toBeTruthy();
    expect(fake.calls.filter((c) => c.channel === 'webhooks.receiver')).toEqual([]);
  });

  it('offers the Sandbox test webhook only under the Sandbox profile', async () => {
    show(ACME);
    await screen.findByRole('heading', { name: 'Paste a delivery' });
    expect(screen.queryByRole('button', { name: 'Send a test webhook' })).toBeNull();
    expect(document.body.textContent).not.toMatch(/Sandbox/);
  });

  it('a delivery that arrives waits behind a button instead of moving the list', async () => {
    const fake = show(SANDBOX, {
      'webhooks.list': () => ({ ok: true, data: { deliveries: [delivery({ id: 'old' })] } }),
    });
    await screen.findByTestId('delivery-list');
    act(() =>
      fake.emit('webhook:received', delivery({ id: 'new', source: 'receiver', event: 'withdrawal.success' })),
    );
    expect(within(screen.getByTestId('delivery-list')).getAllByTestId('delivery')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Show 1 new delivery' }));
    const rows = within(screen.getByTestId('delivery-list')).getAllByTestId('delivery');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('withdrawal.success');
    // Another profile's delivery (a Sandbox settlement while this one is open) is not offered here.
    act(() => fake.emit('webhook:received', delivery({ id: 'elsewhere', profileId: 'p-live' })));
    expect(screen.queryByTestId('show-incoming')).toBeNull();
  });
});

describe('Toasts', () => {
  it('shows a toast pushed by main with its journal link, and dismisses it', async () => {
    const fake = show(SANDBOX);
    act(() =>
      fake.emit('notification:toast', {
        id: 't1',
        kind: 'withdrawal-completed',
        title: 'Withdrawal completed · SANDBOX',
        body: '12.5 USDT · TRON (TRC-20) sent (wd_1).',
        entryId: '7',
      }),
    );
    const toast = within(await screen.findByTestId('toast'));
    expect(toast.getByText('Withdrawal completed · SANDBOX', { selector: '.toast__title' })).toBeTruthy();
    expect(toast.getByRole('link', { name: 'Open in the Journal' }).getAttribute('href')).toBe(
      '#/journal?entry=7',
    );
    await userEvent.click(toast.getByRole('button', { name: /Dismiss/ }));
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});

describe('the notification setting', () => {
  it('shows no box until main has said how the setting is, so it never reads "off" while loading', async () => {
    let answer: (value: unknown) => void = () => undefined;
    installDomMerchant({
      'notifications.settings': () => new Promise((resolve) => (answer = resolve)),
    });
    render(<NotificationsSetting />);
    expect(screen.getByRole('status').textContent).toContain('Reading the setting');
    expect(screen.queryByRole('checkbox')).toBeNull();
    await act(async () => answer({ ok: true, data: { enabled: true } }));
    const box = screen.getByRole('checkbox', { name: /withdrawal completes or fails/ }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says it could not read the setting when main cannot answer', async () => {
    installDomMerchant({
      'notifications.settings': () => ({ ok: false, error: { kind: 'internal', message: 'Disk full.' } }),
    });
    render(<NotificationsSetting />);
    await screen.findByText('The notification setting could not be read.');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('follows the click at once, is kept by main, and a refusal puts it back with the reason', async () => {
    let stored = true;
    const fake = installDomMerchant({
      'notifications.settings': () => ({ ok: true, data: { enabled: stored } }),
      'notifications.configure': (request) => {
        const next = (request as { enabled: boolean }).enabled;
        if (!next) return { ok: false, error: { kind: 'internal', message: 'Disk full.' } };
        stored = next;
        return { ok: true, data: { enabled: stored } };
      },
    });
    render(<NotificationsSetting />);
    const box = await screen.findByRole('checkbox', { name: /withdrawal completes or fails/ });
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));
    await userEvent.click(box);
    expect(fake.calls.find((c) => c.channel === 'notifications.configure')?.request).toEqual({
      enabled: false,
    });
    await screen.findByText('The notification setting could not be changed.');
    expect((box as HTMLInputElement).checked).toBe(true);
  });
});
