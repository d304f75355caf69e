import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournal, type Journal } from '@main/storage/sqlite/journal';
import { asJournalStore } from '@main/storage/sqlite/journal-store';
import { createReconciliation } from '@main/services/reconciliation/service';
import { MOVEMENTS_LISTED, recordedReport } from '@main/services/reconciliation/line-view';

// A year's worth of credits on one asset is far more than a screen lists: the view lists the newest
// and every uncounted one, says how many there are, and the report keeps them all.
const COUNTED = MOVEMENTS_LISTED + 50;
const OUTSIDE = 3;
let dir: string;
let journal: Journal;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'md-recon-list-'));
  journal = openJournal(join(dir, 'journal.sqlite'));
  const { facts } = journal.reconciliation;
  const snapshot = (total: string, at: string) =>
    facts.recordSnapshots(
      'p1',
      [{ coin: 'usdt', network: 'tron', total, available: total, frozen: '0' }],
      at,
      true,
    );
  snapshot('0', '2026-01-01T00:00:00.000Z');
  const at = (i: number) => new Date(Date.UTC(2026, 0, 2) + i * 60_000).toISOString();
  for (let i = 0; i < COUNTED + OUTSIDE; i++) {
    const outside = i >= COUNTED;
    facts.recordMovement('p1', {
      key: `invoice:${i}`,
      kind: 'invoice-credit',
      coin: 'usdt',
      network: 'tron',
      amount: '1.5',
      effect: '1.5',
      at: at(i),
      entryId: outside ? null : i + 1,
      outside,
      source: 'amount',
    });
  }
  snapshot(String(1.5 * COUNTED), '2026-12-31T00:00:00.000Z');
});
afterEach(() => {
  journal.close();
  rmSync(dir, { recursive: true, force: true });
});

function start() {
  const recon = createReconciliation({
    journal: asJournalStore(journal),
    parked: async () => [],
    rejectedBetween: async () => 0,
    readBalances: () => Promise.reject(new Error('a past period reads no balances')),
    now: () => new Date('2027-01-05T00:00:00.000Z'),
  });
  const period = { from: '2026-01-01T00:00:00.000Z', to: '2026-12-31T00:00:00.000Z' };
  return { recon, session: recon.start({ profileId: 'p1', environment: 'live', ...period }) };
}

describe('reconciliation: a line with more movements than the screen lists', () => {
  it('lists the newest counted ones and every uncounted one, with the true count and sum', async () => {
    const { session } = start();
    const line = (await session).lines[0]!;
    expect(line.movementCount).toBe(COUNTED + OUTSIDE);
    expect(line.movements).toHaveLength(MOVEMENTS_LISTED);
    expect(line.movements.filter((m) => !m.counted).map((m) => m.key)).toEqual([
      `invoice:${COUNTED}`,
      `invoice:${COUNTED + 1}`,
      `invoice:${COUNTED + 2}`,
    ]);
    const counted = line.movements.filter((m) => m.counted);
    expect(counted.at(-1)?.key).toBe(`invoice:${COUNTED - 1}`);
    expect(counted[0]?.key).toBe(`invoice:${COUNTED - (MOVEMENTS_LISTED - OUTSIDE)}`);
    // The sum is of every counted movement, not of those listed.
    expect(line.expected).toBe(String(1.5 * COUNTED));
    expect(line.difference).toBe('0');
  });

  it("keeps every movement in a closed session's report, and the screen's view of it stays trimmed", async () => {
    const { recon, session } = start();
    const { id } = await session;
    expect(await recon.report(id)).toBeNull();
    await recon.close(id, { by: 'Ana', note: 'year end', withExceptions: true });
    const report = (await recon.report(id))!;
    expect(report.lines[0]!.movements).toHaveLength(COUNTED + OUTSIDE);
    expect(report.lines[0]!.movementCount).toBe(COUNTED + OUTSIDE);
    const shown = await recon.get(id);
    expect(shown.state).toBe('closed');
    expect(shown.lines[0]!.movements).toHaveLength(MOVEMENTS_LISTED);
    expect(shown.lines[0]!.movementCount).toBe(COUNTED + OUTSIDE);
  });

  it('keeps an acknowledged movement made outside the desk, however old, among the items and the sum', async () => {
    journal.reconciliation.facts.recordMovement('p1', {
      key: 'wallet:early',
      kind: 'wallet-deposit',
      coin: 'usdt',
      network: 'tron',
      amount: '7',
      effect: '7',
      at: '2026-01-01T12:00:00.000Z',
      entryId: null,
      outside: true,
      source: 'amount',
    });
    const { recon, session } = start();
    const { id } = await session;
    await recon.review(id, 'wallet:early', 'our own top-up from the treasury wallet', 'Ana');
    const view = await recon.get(id);
    const item = view.items.find((i) => i.key === 'wallet:early');
    expect(item).toMatchObject({ kind: 'outside-activity', review: { by: 'Ana' } });
    expect(item?.title).toMatch(/wallet deposit \+7/);
    expect(view.lines[0]!.expected).toBe(String(1.5 * COUNTED + 7));
    expect(view.lines[0]!.movementCount).toBe(COUNTED + OUTSIDE + 1);
  });

  it('reads a session closed before lines carried a count: its list is every movement', async () => {
    const { recon, session } = start();
    const { id } = await session;
    await recon.close(id, { by: 'Ana', note: 'year end', withExceptions: true });
    const report = (await recon.report(id))!;
    const legacy = { ...report, lines: report.lines.map(({ movementCount: _count, ...l }) => l) };
    expect(recordedReport(JSON.stringify(legacy)).lines[0]!.movementCount).toBe(COUNTED + OUTSIDE);
  });
});
