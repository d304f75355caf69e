import { expect, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';

/** A datetime-local value (this computer's time zone, to the minute) `minutes` ago. */
function localMinutesAgo(minutes: number): string {
  const d = new Date(Date.now() - minutes * 60_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

const CLOSED_BY = 'Åsa Öberg';
const CLOSE_NOTE = 'Månadsslut: report printed from the desk';

/**
 * A reconciliation session of the Sandbox, started and closed through the screens (with its
 * exceptions accepted, if the short period has any): what the printed report is of. Its id.
 */
export async function closeASession(app: Page): Promise<string> {
  // Opening Overview reads the balances: the period's first snapshot.
  await app.getByTestId('nav-overview').click();
  await expect(app.getByTestId('overview-screen')).toHaveAttribute('data-state', /ready|stale/, {
    timeout: 20_000,
  });
  await app.getByTestId('nav-reconcile').click();
  await app.getByTestId('recon-from').fill(localMinutesAgo(5));
  await app.getByTestId('recon-start').click();
  const session = app.getByTestId('recon-session');
  await expect(session).toBeVisible({ timeout: 20_000 });
  const id = /Session (\d+):/.exec((await session.getByRole('heading').first().textContent()) ?? '')![1]!;
  await app.getByTestId('recon-close-name').fill(CLOSED_BY);
  await app.getByTestId('recon-close-note').fill(CLOSE_NOTE);
  const accept = app.getByTestId('recon-accept-exceptions');
  if (await accept.isVisible()) await accept.check();
  await app.getByTestId('recon-close').click();
  await expect(app.getByTestId('recon-closed')).toContainText(/Closed/);
  return id;
}

/**
 * What every printed report must say, whoever printed it (Electron's printToPDF in the app,
 * Chromium's PDF in the browser): read back from the PDF's own text.
 */
export async function expectPrintedReport(pdf: Uint8Array, sessionId: string): Promise<void> {
  expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe('%PDF-');
  const { totalPages, text } = await extractText(await getDocumentProxy(pdf), { mergePages: true });
  expect(totalPages).toBeGreaterThanOrEqual(1);
  const words = text.replace(/\s+/g, ' ');
  expect(words).toContain(`Reconciliation report #${sessionId}`);
  expect(words).toContain('SANDBOX — not payable');
  expect(words).toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z to \d{4}-\d\d-\d\dT/);
  expect(words).toContain('Start balance');
  expect(words).toContain('USDT');
  expect(words).toContain(CLOSE_NOTE);
  expect(words).toContain(CLOSED_BY);
  // A 64-character hash wraps on paper: read without the line's break.
  expect(words.replace(/ /g, '')).toMatch(/head[0-9a-f]{64}/);
}
