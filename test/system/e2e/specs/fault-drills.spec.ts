import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { addressFromBytes } from '@shared/domain/address/encode';
import { expect, testWithOwnHost as test } from '../fixtures';
import type { RunningHost } from '../host/server';
import { queueFaultOnScreen, sendWithdrawal } from '../flows';
import { shootBoth } from '../states';

/**
 * Issue 13's withdrawal drills through the UI: a fault is put in front of the next withdrawal (on the
 * Sandbox screen, or through the host's sandbox control), a person sends one, and the spec checks
 * what the screen says, what the sandbox performed, and that the evidence settles an unknown one.
 * Its own host: the unknown banners and balances of these drills must not meet other specs'.
 */
const TRUSTED = { sender: { id: 1 }, senderFrame: { url: 'file:///host/index.html', parent: null } };

/** Sends a withdrawal to a fresh valid address through the screen and returns that address. */
async function send(app: Page, amount: string): Promise<string> {
  const address = addressFromBytes('tron', randomBytes);
  await sendWithdrawal(app, amount, address);
  return address;
}

const performedTo = (host: RunningHost, address: string) =>
  (
    host.services.sandbox!.control.withdrawals() as Array<{ to_address: string; withdrawal_id: string }>
  ).filter((w) => w.to_address === address);

/**
 * The service made exactly one withdrawal to `address`: it completes, its webhook arrives, and the
 * unknown banner goes; still exactly one was made (nothing was sent again).
 */
async function settleByWebhook(host: RunningHost, address: string, banner: Locator) {
  const made = performedTo(host, address);
  expect(made).toHaveLength(1);
  const control = host.services.sandbox!.control;
  control.completeWithdrawal(made[0]!.withdrawal_id);
  await control.flushWebhooks();
  await expect(banner).toHaveCount(0);
  expect(performedTo(host, address)).toHaveLength(1);
}

async function sandboxMerchant(host: RunningHost): Promise<string> {
  const listed = (await host.services.router.dispatch('profiles:list', undefined, TRUSTED)) as {
    data: { profiles: Array<{ id: string; merchantId: string }> };
  };
  return listed.data.profiles.find((p) => p.id === 'sandbox')!.merchantId;
}

test.describe('fault drills: withdrawals through the UI', () => {
  test('a 500 leaves it unknown (the service may have acted); nothing was performed, a person settles it as not made', async ({
    app,
    lazyHost,
  }) => {
    const host = await lazyHost.get();
    await queueFaultOnScreen(app, 'Send a withdrawal', 'Server error (500)');
    const address = await send(app, '21');
    const banner = app.getByTestId('unknown-withdrawals-screen');
    await expect(banner).toContainText(
      'We don’t know whether this withdrawal was made. Do not send it again.',
    );
    await expect(app.getByTestId('withdrawal-unknown-outcome')).toContainText('The answer about');
    expect(performedTo(host, address)).toHaveLength(0);
    // No webhook will ever come for a withdrawal that was not made: a person who checked settles it.
    const entry = (await app.getByTestId('unknown-withdrawal').getAttribute('data-entry'))!;
    await host.services.router.dispatch(
      'journal:resolve',
      { id: entry, performed: false, reason: 'Not in the service’s withdrawal list; balance unchanged.' },
      TRUSTED,
    );
    await expect(banner).toHaveCount(0);
    expect(performedTo(host, address)).toHaveLength(0);
  });

  test('the connection drops after the commit: loud unknown with its banner, then the webhook after completion resolves it', async ({
    app,
    lazyHost,
  }) => {
    const host = await lazyHost.get();
    await queueFaultOnScreen(app, 'Send a withdrawal', 'Connection drops after the service did it');
    const address = await send(app, '22');
    const banner = app.getByTestId('unknown-withdrawals-screen');
    await expect(banner).toHaveAttribute('role', 'alert');
    await expect(banner).toContainText(
      'We don’t know whether this withdrawal was made. Do not send it again.',
    );
    await expect(app.getByTestId('withdrawal-unknown-outcome')).toBeVisible();
    await shootBoth(app, 'fault-drills-unknown');
    await settleByWebhook(host, address, banner);
    const row = app.getByTestId('withdrawal-row').filter({ hasText: address.slice(-4) });
    await expect(row).toHaveAttribute('data-state', 'completed');
  });

  test('429 with retry_after: refused, nothing withdrawn, the wait named', async ({ app, lazyHost }) => {
    const host = await lazyHost.get();
    host.services.sandbox!.control.injectFault('createWithdrawal', { kind: 'throttle', retryAfter: 30 });
    const address = await send(app, '23');
    const refused = app.getByTestId('withdrawal-rejected');
    await expect(refused).toContainText('was refused.');
    await expect(refused).toContainText(
      'Nothing was withdrawn. The payment service asked Merchant Desk to slow down. It will be ready again in about 30 s.',
    );
    await expect(app.getByTestId('unknown-withdrawals-screen')).toHaveCount(0);
    expect(performedTo(host, address)).toHaveLength(0);
    await shootBoth(app, 'fault-drills-throttled');
  });

  test('a 2xx whose body is not JSON: the withdrawal was made, so unknown, then resolved by its webhook', async ({
    app,
    lazyHost,
  }) => {
    const host = await lazyHost.get();
    await queueFaultOnScreen(app, 'Send a withdrawal', 'Service does it, answers 200 but not JSON');
    const address = await send(app, '24');
    const banner = app.getByTestId('unknown-withdrawals-screen');
    await expect(banner).toContainText('We don’t know whether this withdrawal was made.');
    await settleByWebhook(host, address, banner);
  });

  test('a suspended merchant: refused with the reason in plain words, not as a wrong key', async ({
    app,
    lazyHost,
  }) => {
    const host = await lazyHost.get();
    const control = host.services.sandbox!.control;
    const merchant = await sandboxMerchant(host);
    control.suspendMerchant(merchant, true);
    try {
      const address = await send(app, '25');
      const refused = app.getByTestId('withdrawal-rejected');
      await expect(refused).toContainText(
        'The payment service has suspended this merchant account. Contact the payment service: nothing can be sent until the account is active again.',
      );
      await expect(refused).not.toContainText('API key');
      expect(performedTo(host, address)).toHaveLength(0);
      await shootBoth(app, 'fault-drills-suspended');
    } finally {
      control.suspendMerchant(merchant, false);
    }
  });
});
