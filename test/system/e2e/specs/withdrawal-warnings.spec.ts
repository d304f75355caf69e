import { randomBytes } from 'node:crypto';
import { addressFromBytes } from '@shared/domain/address/encode';
import { expect, test } from '../fixtures';
import { createWallet, fillWithdrawal, openScreen, reviewWithdrawal, sendWithdrawal } from '../flows';
import { shootBoth } from '../states';

/** A fresh address each run: other specs share the host and send to fixed addresses. */
const RECIPIENT = addressFromBytes('tron', randomBytes);

test.describe('withdrawal review warnings (issue 25)', () => {
  test('a near amount to an address just paid, and one of the desk’s own deposit addresses, are named before sending', async ({
    app,
  }) => {
    await sendWithdrawal(app, '12.5', RECIPIENT);
    await expect(app.getByTestId('withdrawal-accepted')).toBeVisible();

    // Before Review: the form says what already went to this address.
    await fillWithdrawal(app, '12.51', RECIPIENT);
    await expect(app.getByTestId('withdrawal-earlier-sends')).toContainText('Already sent to this address');
    await reviewWithdrawal(app, RECIPIENT);
    const warnings = app.getByTestId('review-warnings');
    await expect(warnings).toContainText('already went to this address');
    await expect(warnings).toContainText('Is this 12.51 USDT the same payment?');
    for (const [width, height] of [
      [1280, 720],
      [960, 600],
    ] as const) {
      await app.setViewportSize({ width, height });
      await shootBoth(app, `withdrawal-review-near-duplicate-${width}x${height}`);
    }
    await app.setViewportSize({ width: 1280, height: 720 });
    await app.getByTestId('review-back').click();

    await createWallet(app, 'Own deposits');
    const own = (await app.getByTestId('wallet-row').first().getByTestId('address-groups').innerText())
      .replace(/\s+/g, '')
      .trim();
    await openScreen(app, 'withdrawals');
    await fillWithdrawal(app, '20', own);
    await reviewWithdrawal(app, own);
    await expect(app.getByTestId('review-warnings')).toContainText('one of your own deposit addresses');
    for (const [width, height] of [
      [1280, 720],
      [960, 600],
    ] as const) {
      await app.setViewportSize({ width, height });
      await shootBoth(app, `withdrawal-review-own-address-${width}x${height}`);
    }
  });
});
