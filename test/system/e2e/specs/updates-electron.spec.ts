import { randomBytes } from 'node:crypto';
import type { ElectronApplication } from '@playwright/test';
import { addressFromBytes } from '@shared/domain/address/encode';
import { signaturesFileName } from '@main/update/release-signature';
import { UPDATE_TEST_FEED_VARIABLE, UPDATE_TEST_KEY_VARIABLE } from '@main/update/self-update-setup';
import { makeReleaseKey, startUpdateServer } from '@test/helpers/update-server';
import { electronBinary, launchElectron } from '../electron-app';
import { expect, test } from '../fixtures';
import { queueFaultOnScreen, sendWithdrawal } from '../flows';

/** Newer than any version the app runs: the update is offered whatever package.json says. */
const NEXT = '999.0.0';

/**
 * Issue 30's update path in the real Electron app (main process, IPC, the Settings card, the journal):
 * the built app, run from out/, is pointed at a local update server with a key of this test's own
 * (src-main/update/self-update-setup.ts; a packaged build ignores that switch). There "installing"
 * quits the app: what runs is everything before electron-updater's installer. The release workflow
 * runs this on its runners with E2E_REQUIRE_ELECTRON=1, where a missing Electron fails rather than
 * skips; test/integration/app/updates.test.ts covers the same path in Node.
 */
test.describe('updates in the real Electron app', () => {
  let electronApp: ElectronApplication | undefined;
  let server: Awaited<ReturnType<typeof startUpdateServer>> | undefined;
  test.afterEach(async () => {
    await electronApp?.close().catch(() => {});
    await server?.close();
  });

  test('a signed update is offered and verified; "Restart and update" is refused while a withdrawal is unknown, and goes ahead once it is resolved', async () => {
    test.skip(
      test.info().project.name !== 'electron',
      "the updater runs in Electron's main process; the browser host has none (see the Node test)",
    );
    const binary = electronBinary();
    if (!binary && process.env.E2E_REQUIRE_ELECTRON === '1')
      throw new Error('E2E_REQUIRE_ELECTRON is set, and the Electron binary is not downloaded');
    test.skip(
      !binary,
      'Electron binary not downloaded on this machine; test/integration/app/updates.test.ts covers the same path in Node',
    );

    const key = makeReleaseKey();
    server = await startUpdateServer();
    await server.publish({
      version: NEXT,
      bytes: Buffer.from(`Merchant Desk ${NEXT}, signed by this test's key`),
      privatePem: key.privatePem,
      platform: process.platform,
      arch: process.arch,
    });
    electronApp = await launchElectron(binary!, {
      [UPDATE_TEST_FEED_VARIABLE]: server.feedUrl,
      [UPDATE_TEST_KEY_VARIABLE]: key.publicKey,
    });
    // Main's own confirmation is a native dialog Playwright cannot press: it answers "go ahead" here.
    await electronApp.evaluate(({ dialog }) => {
      dialog.showMessageBox = (async () => ({ response: 1, checkboxChecked: false })) as never;
    });
    const app = await electronApp.firstWindow();
    const card = app.getByTestId('updates-setting');
    const openSettings = async () => {
      await app.getByTestId('nav-settings').click();
      await expect(card).toBeVisible();
    };

    // Offered, downloaded and checked against the key; nothing installed yet.
    await openSettings();
    await card.getByTestId('updates-check').click();
    await expect(card.getByTestId('updates-state')).toHaveAttribute('data-state', 'ready', {
      timeout: 30_000,
    });
    await expect(card.getByTestId('updates-message')).toContainText(
      `Version ${NEXT} is downloaded and its signature checked`,
    );
    expect(server.requested).toContain(signaturesFileName(NEXT));
    const restart = card.getByTestId('updates-restart');
    await expect(restart).toHaveText(`Restart and update to ${NEXT}`);

    // A withdrawal whose answer is a 500: nobody knows whether the service made it.
    await queueFaultOnScreen(app, 'Send a withdrawal', 'Server error (500)');
    await sendWithdrawal(app, '21', addressFromBytes('tron', randomBytes));
    await expect(app.getByTestId('unknown-withdrawals-screen')).toContainText(
      'We don’t know whether this withdrawal was made. Do not send it again.',
    );

    // Refused, in words, and the app keeps running with the update still waiting.
    await openSettings();
    await restart.click();
    await expect(card).toContainText(
      /Not restarting now: nobody knows yet whether a request was carried out \(journal entry \d+\)\. Resolve it in the Journal first/,
    );
    await expect(card.getByTestId('updates-state')).toHaveAttribute('data-state', 'ready');
    expect(electronApp.process().exitCode).toBeNull();

    // A person who checked settles it as not made, in the Journal.
    await app.getByTestId('nav-journal').click();
    await app.getByTestId('journal-pinned-entry').first().click();
    const details = app.getByTestId('journal-details');
    await details.getByLabel('It was not done').check();
    await details
      .getByTestId('journal-decision-reason')
      .fill('Not in the service’s withdrawal list; balance unchanged.');
    await details.getByTestId('journal-decision-name').fill('Dana Ruiz');
    await details.getByTestId('journal-decision-submit').click();
    await expect(app.getByTestId('journal-pinned')).toHaveCount(0);

    // Now it goes ahead: the signature is checked once more, and the app closes to install.
    const signatureChecks = server.requested.filter((name) => name === signaturesFileName(NEXT)).length;
    await openSettings();
    const closed = electronApp.waitForEvent('close');
    await restart.click({ noWaitAfter: true });
    await closed;
    electronApp = undefined;
    expect(server.requested.filter((name) => name === signaturesFileName(NEXT)).length).toBe(
      signatureChecks + 1,
    );
  });
});
