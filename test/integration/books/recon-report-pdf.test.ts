import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, describe, expect, it } from 'vitest';
import { reconReportHtml } from '@main/books/recon-report-html';
import type { ReconSessionView } from '@shared/domain/reconciliation';
import { chromiumExecutable } from '../../helpers/chromium';

const line = (coin: string, difference: string | null): ReconSessionView['lines'][number] => ({
  coin,
  network: 'tron',
  start: { at: '2026-10-01T00:00:00.000Z', total: '1000', available: null, frozen: null },
  end: { at: '2026-11-01T00:00:00.000Z', total: '1200.5', available: null, frozen: null },
  expected: '200.5',
  observed: difference === null ? '200.5' : '190.5',
  difference: difference ?? '0',
  gaps: [],
  flagged: difference !== null,
  reasons: difference ? ['the observed change differs from the journal'] : [],
  movementCount: 0,
  movements: [],
});

/** A closed session: many assets (so the report runs over pages), one difference, notes in Swedish. */
const session: ReconSessionView = {
  id: '7',
  profileId: 'p-live',
  environment: 'live',
  period: { from: '2026-10-01T00:00:00.000Z', to: '2026-11-01T00:00:00.000Z' },
  state: 'closed',
  startedAt: '2026-11-02T09:00:00.000Z',
  asOf: '2026-11-02T09:00:00.000Z',
  lines: [line('usdt', '-10'), ...Array.from({ length: 70 }, (_, i) => line(`c${i}`, null))],
  items: [
    {
      key: 'difference:usdt:tron',
      kind: 'difference',
      title: 'USDT on tron differs by -10',
      detail: 'Observed 190.5, expected 200.5',
      entryId: null,
      ref: null,
      review: { note: 'Bankavgift <bokförd> & noterad', by: 'Åsa Öberg', at: '2026-11-02T09:10:00.000Z' },
      blocking: false,
    },
  ],
  exceptions: ['USDT on tron: a difference of -10, noted'],
  closed: {
    by: 'Åsa Öberg',
    note: 'Månadsslut oktober',
    at: '2026-11-02T09:15:00.000Z',
    withExceptions: true,
  },
  chain: { ok: true, head: 'ab'.repeat(32), events: 1234 },
};

const chromium = chromiumExecutable();

describe.skipIf(!chromium)('the printable reconciliation report', () => {
  const dir = mkdtempSync(join(tmpdir(), 'md-report-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints to a PDF of several A4 pages whose text carries the period, the table, the notes, who closed it and the chain head', async () => {
    const html = join(dir, 'report.html');
    const pdf = join(dir, 'report.pdf');
    writeFileSync(html, reconReportHtml(session));
    execFileSync(
      chromium!,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-pdf-header-footer',
        `--print-to-pdf=${pdf}`,
        `file://${html}`,
      ],
      { stdio: 'ignore', timeout: 60_000 },
    );
    const doc = await getDocumentProxy(new Uint8Array(readFileSync(pdf)));
    const { totalPages, text } = await extractText(doc, { mergePages: true });
    expect(totalPages).toBeGreaterThanOrEqual(2);
    const words = text.replace(/\s+/g, ' ');
    expect(words).toContain('Reconciliation report #7');
    expect(words).toContain('2026-10-01T00:00:00.000Z to 2026-11-01T00:00:00.000Z');
    expect(words).toContain('Åsa Öberg, 2026-11-02T09:15:00.000Z (with exceptions)');
    expect(words).toContain('Månadsslut oktober');
    expect(words).toContain('Bankavgift <bokförd> & noterad');
    expect(words).toContain('Flagged: the observed change differs from the journal');
    expect(words).toContain('1200.5');
    // A 64-character hash wraps on paper: read without the line's break.
    expect(words.replace(/ /g, '')).toContain(`head${'ab'.repeat(32)}`);
    // The table's header repeats on every page it runs over.
    expect(words.split('Start balance').length - 1).toBe(totalPages);
  }, 90_000);

  it('escapes what people typed, and marks a Sandbox report', () => {
    const html = reconReportHtml({
      ...session,
      environment: 'sandbox',
      closed: { ...session.closed!, note: '<script>x</script>' },
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(html).toContain('SANDBOX — not payable');
  });
});
