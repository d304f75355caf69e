import { randomBytes } from 'node:crypto';
import { addressFromBytes } from '@shared/domain/address/encode';
import { seriousViolations } from '../axe';
import { expect, test } from '../fixtures';
import { addLiveProfile, resetProfiles } from '../live-profile';
import {
  completeWithdrawalInSandbox,
  fillWithdrawal,
  reviewWithdrawal,
  shownWithdrawalId,
  USDT_TRON,
} from '../flows';
import { axeBothThemes, scrollsSideways, shootBoth } from '../states';

/**
 * Fresh valid Tron addresses (base58check) for each run: other specs share the host and send to fixed
 * addresses, and the review's "never sent to this address" warning must be about this spec's sends.
 */
const FIRST = addressFromBytes('tron', randomBytes);
const SECOND = addressFromBytes('tron', randomBytes);

test.describe('withdrawals', () => {
  test('accepted, then completed by its webhook (Sandbox controls), seen as completed in the list', async ({
    app,
    lazyHost,
  }) => {
    const control = (await lazyHost.get()).services.sandbox!.control;
    await fillWithdrawal(app, '12.5', FIRST);
    await expect(app.getByTestId('withdrawal-usd')).toContainText(
      /^≈ \$12\.\d\d \(estimate at 1 USDT = \$\d\.\d{2,}, rate as of /,
    );
    await expect(app.getByTestId('withdrawal-available')).toContainText(/Available: [\d,.]+\u00a0USDT/);
    await expect(app.getByTestId('withdrawal-limits')).toContainText('Minimum 10 USDT');
    await shootBoth(app, 'withdrawals-form');

    await reviewWithdrawal(app, FIRST);
    const review = app.getByTestId('withdrawal-review-step');
    await expect(review.getByTestId('review-pair')).toHaveText(USDT_TRON);
    // The sandbox merchant pays the fees: 0.5 % of 12.5 plus the 1 USDT network fee on top.
    await expect(review.getByTestId('review-debit')).toContainText('13.5625\u00a0USDT');
    await expect(review.getByTestId('review-receive')).toContainText('12.5\u00a0USDT');
    await expect(review.getByTestId('review-warnings')).toContainText('never sent to this address');
    const send = review.getByRole('button', { name: 'Send 12.5 USDT' });
    await expect(send).toBeVisible();
    await shootBoth(app, 'withdrawals-review');

    await send.dblclick();
    const accepted = app.getByTestId('withdrawal-accepted');
    await expect(accepted).toContainText('in progress — not paid yet');
    // The double click sent one withdrawal.
    const sent = (control.withdrawals() as Array<{ to_address: string }>).filter(
      (w) => w.to_address === FIRST,
    );
    expect(sent).toHaveLength(1);
    const row = app.getByTestId('withdrawal-row').first();
    await expect(row).toHaveAttribute('data-state', /pending|processing/);
    await shootBoth(app, 'withdrawals-accepted');

    const id = await shownWithdrawalId(app, FIRST);
    await completeWithdrawalInSandbox(app, id);
    await app.getByTestId('nav-withdrawals').click();
    const done = app.getByTestId('withdrawal-row').filter({ hasText: id });
    await expect(done).toHaveAttribute('data-state', 'completed');
    await expect(done.getByTestId('withdrawal-state')).toHaveText('Completed');
    await shootBoth(app, 'withdrawals-list');
  });

  test('the connection drops after the service made it: unknown banner on the screen and in the shell, an identical send blocked, the webhook resolves it', async ({
    app,
    lazyHost,
  }) => {
    const control = (await lazyHost.get()).services.sandbox!.control;
    await app.getByTestId('nav-sandbox').click();
    const faults = app.getByTestId('sandbox-group-faults');
    await faults.getByLabel('Operation').selectOption({ label: 'Send a withdrawal' });
    await faults
      .getByLabel('How it fails')
      .selectOption({ label: 'Connection drops after the service did it' });
    await faults.getByRole('button', { name: 'Add fault' }).click();
    await expect(app.getByTestId('sandbox-faults')).toContainText('Send a withdrawal');

    await fillWithdrawal(app, '20', SECOND);
    await reviewWithdrawal(app, SECOND);
    await app.getByRole('button', { name: 'Send 20 USDT' }).click();

    // The sandbox did it; the desk never heard. Its own sandbox clock moves the withdrawal to
    // processing about 5 s later, and that verified webhook settles the entry: look quickly.
    const banner = app.getByTestId('unknown-withdrawals-screen');
    await expect(banner).toBeVisible();
    await expect(banner).toHaveAttribute('role', 'alert');
    await expect(banner).toContainText(
      'We don’t know whether this withdrawal was made. Do not send it again.',
    );
    await expect(banner).toContainText('may or may not have made it');
    await expect(app.getByTestId('withdrawal-unknown-outcome')).toBeVisible();
    await expect(app.getByTestId('unknown-withdrawals-shell')).toHaveCount(0);
    await shootBoth(app, 'withdrawals-unknown');
    await app.getByTestId('nav-overview').click();
    const shell = app.getByTestId('unknown-withdrawals-shell');
    await expect(shell).toContainText('20\u00a0USDT · TRON (TRC-20)');
    await shootBoth(app, 'withdrawals-unknown-shell');

    // The same withdrawal again is refused by the journal before anything is sent.
    await app.getByTestId('nav-withdrawals').click();
    await expect(app.getByTestId('withdrawal-amount')).toHaveValue('20');
    await reviewWithdrawal(app, SECOND);
    await app.getByRole('button', { name: 'Send 20 USDT' }).click();
    const duplicate = app.getByTestId('withdrawal-duplicate');
    await expect(duplicate).toContainText('Not sent: an identical withdrawal is not finished yet.');
    await expect(duplicate).toContainText('pays 20 USDT to the same address a second time');
    await duplicate.getByRole('button', { name: 'Send 20 USDT anyway' }).click();
    await expect(duplicate).toContainText('Write why this is not a duplicate');
    const toSecond = () =>
      (control.withdrawals() as Array<{ to_address: string }>).filter((w) => w.to_address === SECOND);
    expect(toSecond()).toHaveLength(1);
    await shootBoth(app, 'withdrawals-duplicate');
    await duplicate.getByRole('button', { name: 'Do not send' }).click();

    const id = await shownWithdrawalId(app, SECOND);
    await completeWithdrawalInSandbox(app, id);
    await expect(app.getByTestId('unknown-withdrawals-shell')).toHaveCount(0);
    await app.getByTestId('nav-withdrawals').click();
    await expect(app.getByTestId('unknown-withdrawals-screen')).toHaveCount(0);
    await expect(app.getByTestId('withdrawal-row').filter({ hasText: id })).toHaveAttribute(
      'data-state',
      'completed',
    );
    expect(toSecond()).toHaveLength(1);
  });

  for (const size of [
    { width: 1280, height: 720 },
    { width: 960, height: 600 },
  ])
    test(`form and review: axe clean and no sideways scroll at ${size.width}×${size.height}`, async ({
      app,
    }) => {
      await app.setViewportSize(size);
      await fillWithdrawal(app, '15', FIRST);
      expect(await axeBothThemes(app, seriousViolations)).toEqual({ light: [], dark: [] });
      expect(await scrollsSideways(app)).toBe(false);
      await reviewWithdrawal(app, FIRST);
      expect(await axeBothThemes(app, seriousViolations)).toEqual({ light: [], dark: [] });
      expect(await scrollsSideways(app)).toBe(false);
      await shootBoth(app, `withdrawals-review-${size.width}x${size.height}`);
      await app.getByTestId('review-back').click();
      await expect(app.getByTestId('withdrawal-amount')).toHaveValue('15');
    });

  test('under a live profile the money surface says LIVE and no Sandbox words, even when the service is unreachable', async ({
    app,
  }) => {
    try {
      await addLiveProfile(app, {
        name: 'Acme live',
        key: 'sk_live_withdrawals_spec_0000000000',
        activate: true,
      });
      await expect(app.getByTestId('env-badge')).toHaveText(/LIVE/);
      await app.getByTestId('nav-withdrawals').click();
      const form = app.getByTestId('withdrawal-form');
      await expect(form).toContainText('LIVE · Acme live');
      await expect(app.getByTestId('withdrawals-screen')).not.toContainText(/sandbox|play money/i);
      await expect(app.getByTestId('withdrawal-pair')).toHaveAttribute('aria-describedby', /hint/);
      await shootBoth(app, 'withdrawals-live-offline');
    } finally {
      await resetProfiles(app);
    }
  });
});
