import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportBooks, type BooksExportDeps } from '@main/books/export-books';
import type { JournalStore } from '@main/storage/port';
import { fixedJournal, PERIOD } from './fixed-journal';

describe('exportBooks: files from the journal alone, stamped, the same bytes every time', () => {
  let desk: { store: JournalStore; cleanup: () => void };
  const dir = mkdtempSync(join(tmpdir(), 'md-books-'));
  beforeAll(async () => {
    desk = await fixedJournal();
  });
  afterAll(() => {
    desk?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });
  const deps = (into: string, journal: BooksExportDeps['journal'] = desk.store): BooksExportDeps => ({
    journal,
    sessions: desk.store.reconciliation.sessions,
    chooseExportPath: async (name) => {
      mkdirSync(into, { recursive: true });
      return join(into, name);
    },
  });
  const target = {
    format: 'xero' as const,
    profileId: PERIOD.profileId,
    environment: 'live',
    from: PERIOD.from,
    to: PERIOD.to,
  };

  it('writes the files and the stamp; a second export of the period is byte-identical', async () => {
    const first = await exportBooks(deps(join(dir, 'a')), target);
    const second = await exportBooks(deps(join(dir, 'b')), target);
    expect(first.paths.map((p) => basename(p))).toEqual([
      'merchant-desk-xero-2030-01-01-to-2030-01-01.csv',
      'merchant-desk-xero-2030-01-01-to-2030-01-01-no-rate.csv',
    ]);
    expect(first).toMatchObject({
      movements: 12,
      withoutRate: 3,
      chainPosition: expect.stringMatching(/^event #\d+ [0-9a-f]{64}$/),
    });
    const both = (r: typeof first) => [...r.paths, r.stampPath!].map((p) => readFileSync(p));
    expect(both(second)).toEqual(both(first));
    const stamp = readFileSync(first.stampPath!, 'utf8');
    expect(stamp).toContain('format: Xero bank statement CSV');
    expect(stamp).toContain('movements: 12 (3 without a USD rate)');
    expect(stamp).toContain(`chain position: ${first.chainPosition!.replace(/ ([0-9a-f]{64})$/, '')}`);
    expect(stamp).not.toContain(dir);
  });

  it("takes a reconciliation session's period, and refuses another profile's session", async () => {
    const session = await desk.store.reconciliation.sessions.start({
      profileId: PERIOD.profileId,
      environment: 'live',
      from: PERIOD.from,
      to: PERIOD.to,
    });
    const bySession = await exportBooks(deps(join(dir, 'c')), {
      ...target,
      format: 'koinly',
      sessionId: session.id,
    });
    const plain = await exportBooks(deps(join(dir, 'd')), { ...target, format: 'koinly' });
    expect(readFileSync(bySession.paths[0]!)).toEqual(readFileSync(plain.paths[0]!));
    expect(readFileSync(bySession.stampPath!, 'utf8')).toContain(`reconciliation session: #${session.id}`);
    await expect(
      exportBooks(deps(dir), { ...target, profileId: 'p-other', sessionId: session.id }),
    ).rejects.toThrow(/another profile/);
  });

  it('writes nothing when the dialog is cancelled, and refuses while the chain does not check', async () => {
    const cancelled = await exportBooks({ ...deps(dir), chooseExportPath: async () => null }, target);
    expect(cancelled).toMatchObject({ paths: [], stampPath: null, movements: 12 });
    const broken = {
      list: desk.store.list,
      events: desk.store.events,
      deposits: desk.store.deposits,
      verifyChain: async () => ({
        ok: false as const,
        brokenAt: { reason: 'event content does not match its hash' },
      }),
    };
    await expect(exportBooks(deps(dir, broken), target)).rejects.toThrow(/chain check failed/);
  });
});
