import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { collectDiagnostics, type DiagnosticsSources } from '@main/app/diagnostics/collect';
import type { EntryPage } from '@main/storage/port/query-types';

// The team ledger stops counting a little past a page (issue 27): the diagnostics say so, not a
// number that looks exact.
it('reports a count the store capped as "more than", and an exact one as a number', async () => {
  const page = async (filter: { state?: string }): Promise<EntryPage> =>
    filter.state === 'unknown'
      ? { entries: [], total: 3, anchor: 9, newer: 0 }
      : { entries: [], total: 1001, anchor: 9, newer: 0, totalIsCapped: true };
  const sources = {
    about: () => ({}),
    journal: {
      verifyChain: async () => ({ ok: true, events: 0 }),
      page,
      diagnostics: async () => ({}),
      chainProblem: null,
      recovered: [],
    },
    profiles: () => ({ activeId: 'p', profiles: [] }),
    keyStored: async () => null,
    settings: () => ({}),
  } as unknown as DiagnosticsSources;
  const files = await collectDiagnostics(sources, mkdtempSync(join(tmpdir(), 'md-diag-logs-')));
  const journal = JSON.parse(files.get('journal.json')!) as {
    entries: { total: unknown; byState: Record<string, unknown> };
  };
  expect(journal.entries.total).toBe('more than 1001');
  expect(journal.entries.byState.unknown).toBe(3);
  expect(journal.entries.byState.accepted).toBe('more than 1001');
});
