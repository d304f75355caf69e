import { readFileSync } from 'node:fs';
import { ELECTRON_SKIP_REASON, electronBinary, launchElectron } from '../electron-app';
import { expect, testWithOwnHost as test } from '../fixtures';
import { closeASession, expectPrintedReport } from '../report-pdf';

/**
 * The printable reconciliation report (issue 29) as each way of printing makes it: the app prints it
 * with Electron's printToPDF and saves it where the person chose; the browser host hands the page to
 * the browser's own print, which is Chromium's PDF. Both are read back and must say the same things.
 */
test.describe('the reconciliation report, printed', () => {
  // Playwright reads the fixtures a test uses from this (empty) destructuring pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  test('Electron: printToPDF saves the report where the save dialog says', async ({}, testInfo) => {
    test.skip(
      testInfo.project.name !== 'electron',
      "Electron's printToPDF is checked in the electron project",
    );
    const binary = electronBinary();
    test.skip(!binary, ELECTRON_SKIP_REASON);
    const electronApp = await launchElectron(binary!);
    try {
      const target = testInfo.outputPath('report.pdf');
      // The native save dialog cannot be clicked by a test: it answers with the path chosen here.
      await electronApp.evaluate(({ dialog }, path) => {
        dialog.showSaveDialog = (async () => ({ canceled: false, filePath: path })) as never;
      }, target);
      const app = await electronApp.firstWindow();
      const id = await closeASession(app);
      await app.getByTestId('recon-print').click();
      await expect(app.getByTestId('recon-printed')).toContainText('report.pdf', { timeout: 30_000 });
      await expectPrintedReport(new Uint8Array(readFileSync(target)), id);
    } finally {
      await electronApp.close();
    }
  });

  test("Chromium: the page the browser prints is the same report, in Chromium's PDF", async ({
    app,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'electron', 'the app prints with printToPDF: the test above');
    const id = await closeASession(app);
    await app.getByTestId('recon-print').click();
    await expect(app.getByTestId('recon-printed')).toBeVisible();
    // The browser's print dialog is the browser's (headless, it prints nothing): the page the app
    // handed to it, in its frame, is printed to PDF here by the same Chromium instead.
    const frame = app.locator('iframe[aria-hidden="true"]');
    await expect(frame).toHaveCount(1);
    // The frame keeps the app's content policy: its rules arrive as a constructed sheet (the fixture
    // fails the test on any policy violation the page logs), and they are in force.
    await expect
      .poll(() =>
        frame.evaluate((f: HTMLIFrameElement) => {
          const table = f.contentDocument?.querySelector('table');
          return table ? f.contentWindow!.getComputedStyle(table).borderCollapse : null;
        }),
      )
      .toBe('collapse');
    const body = await frame.evaluate((f: HTMLIFrameElement) => f.contentDocument!.documentElement.outerHTML);
    const rules = await frame.evaluate((f: HTMLIFrameElement) =>
      f
        .contentDocument!.adoptedStyleSheets.flatMap((sheet) => [...sheet.cssRules].map((r) => r.cssText))
        .join('\n'),
    );
    // Chromium's PDF of that document, as the browser's "Save as PDF" makes it.
    const page = await app.context().newPage();
    await page.setContent(`<!doctype html>${body.replace('</head>', `<style>${rules}</style></head>`)}`);
    const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
    await page.close();
    await expectPrintedReport(new Uint8Array(pdf), id);
  });
});
