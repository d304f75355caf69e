// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { WebhookHostsSetting } from '@renderer/features/settings/WebhookHostsSetting';
import { installDomMerchant } from '../dom-merchant';

afterEach(cleanup);

describe('Settings: webhook hosts for new wallets (issue 26)', () => {
  it('lists the approved hosts and asks main to approve a new one, as typed in lower case', async () => {
    let hosts = ['hooks.example.com'];
    const fake = installDomMerchant({
      'settings.webhookHosts': () => ({ ok: true, data: { hosts } }),
      'settings.approveWebhookHost': (request) => {
        hosts = [...hosts, (request as { host: string }).host];
        return { ok: true, data: { hosts } };
      },
    });
    render(<WebhookHostsSetting />);
    expect(await screen.findByText('hooks.example.com')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByTestId('webhook-host-input'), ' Shop.Example.org ');
    await user.click(screen.getByRole('button', { name: 'Approve host…' }));
    expect((await screen.findByTestId('webhook-host-added')).textContent).toBe(
      'shop.example.org is approved for new wallets.',
    );
    expect(screen.getByText('shop.example.org')).toBeTruthy();
    expect(fake.calls.find((c) => c.channel === 'settings.approveWebhookHost')?.request).toEqual({
      host: 'shop.example.org',
    });
  });

  it('says so when main declined it in its own window, and lists nothing new', async () => {
    installDomMerchant({
      'settings.webhookHosts': () => ({ ok: true, data: { hosts: [] } }),
      'settings.approveWebhookHost': () => ({
        ok: false,
        error: {
          kind: 'declined-in-main',
          message: 'You cancelled this in the confirmation window. Nothing was sent.',
        },
      }),
    });
    render(<WebhookHostsSetting />);
    expect(await screen.findByTestId('webhook-hosts-empty')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByTestId('webhook-host-input'), 'evil.example');
    await user.click(screen.getByRole('button', { name: 'Approve host…' }));
    await waitFor(() => expect(screen.getByText('The host was not approved.')).toBeTruthy());
    expect(screen.queryByTestId('webhook-host-added')).toBeNull();
    expect(screen.getByTestId('webhook-hosts-empty')).toBeTruthy();
  });
});
