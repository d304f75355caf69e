import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { printReconReport } from '@main/books/recon-print';
import type { ReconSessionView } from '@shared/domain/reconciliation';

const closed = {
  id: '3',
  profileId: 'p-live',
  environment: 'sandbox',
  period: { from: '2026-10-01T00:00:00.000Z', to: '2026-11-01T00:00:00.000Z' },
  state: 'closed',
  startedAt: '2026-11-02T09:00:00.000Z',
  asOf: '2026-11-02T09:00:00.000Z',
  lines: [],
  items: [],
  exceptions: [],
  closed: { by: 'Ada', note: 'October', at: '2026-11-02T09:15:00.000Z', withExceptions: false },
  chain: { ok: true, head: 'cd'.repeat(32), events: 9 },
} satisfies ReconSessionView;

describe('printing the reconciliation report', () => {
  const dir = mkdtempSync(join(tmpdir(), 'md-print-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const report = async (id: string) => (id === '3' ? closed : null);

  it('saves the PDF main printed, named for the session (Sandbox said so), the page given to the printer', async () => {
    const printed: string[] = [];
    const asked: string[] = [];
    const result = await printReconReport(
      {
        report,
        chooseExportPath: async (name) => (asked.push(name), join(dir, name)),
        printToPdf: async (html) => (printed.push(html), new TextEncoder().encode('%PDF-1.7 stand-in')),
      },
      '3',
    );
    expect(asked).toEqual(['merchant-desk-SANDBOX-not-payable-reconciliation-3-2026-11-01.pdf']);
    expect(result).toEqual({ kind: 'pdf', path: join(dir, asked[0]!) });
    expect(readFileSync(result.path!, 'utf8')).toBe('%PDF-1.7 stand-in');
    expect(printed[0]).toContain('Reconciliation report #3');
  });

  it('where main cannot print, hands the page over; a cancelled dialog prints nothing; an open session is refused', async () => {
    const html = await printReconReport({ report, chooseExportPath: async () => null }, '3');
    expect(html).toMatchObject({
      kind: 'html',
      path: null,
      html: expect.stringContaining('<!doctype html>'),
    });
    let printed = 0;
    const cancelled = await printReconReport(
      { report, chooseExportPath: async () => null, printToPdf: async () => (printed++, new Uint8Array()) },
      '3',
    );
    expect(cancelled).toEqual({ kind: 'pdf', path: null });
    expect(printed).toBe(0);
    await expect(printReconReport({ report, chooseExportPath: async () => null }, '4')).rejects.toThrow(
      /Close the session first/,
    );
  });
});
