import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileAtomicPieces } from '../../../src-main/services/atomic-file';
import type { JournalStore } from '../../../src-main/storage/port';
import { openJournalInWorker } from '../../../src-main/storage/sqlite/worker-client';
import { generateJournal, type GeneratedJournal } from '../../bench/journal-generator';

const ROWS = 20_000;
let g: GeneratedJournal;
let store: JournalStore;
beforeAll(async () => {
  g = generateJournal(ROWS);
  g.suspend();
  store = await openJournalInWorker(g.file, { deskId: 'desk-00000000-0000-4000-8000-000000000001' });
}, 120_000);
afterAll(async () => {
  await store?.close();
  g?.resume();
  g?.close();
});

/** Runs `work` while main's loop counts its turns; the longest gap between two turns is what a click waits. */
async function whileTicking<T>(work: () => Promise<T>) {
  let last = performance.now();
  let longest = 0;
  let turns = 0;
  let running = true;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    turns++;
    if (running) setTimeout(tick, 1);
  };
  setTimeout(tick, 1);
  const started = performance.now();
  const value = await work();
  const tookMs = performance.now() - started;
  running = false;
  return { value, tookMs, longest, turns };
}

describe('the journal in its worker thread', () => {
  it("a full chain check of a long journal leaves main's loop turning", async () => {
    const run = await whileTicking(() => store.verifyChain());
    expect(run.value).toMatchObject({ ok: true });
    // The check is long enough to matter, and main kept turning through it.
    expect(run.tookMs).toBeGreaterThan(200);
    expect(run.longest).toBeLessThan(Math.min(100, run.tookMs / 4));
    expect(run.turns).toBeGreaterThan(10);
  });

  it('an export of every row is written to its file while main keeps turning', async () => {
    const file = join(g.dir, 'export.csv');
    const run = await whileTicking(async () => {
      const csv = await store.exportCsv();
      await writeFileAtomicPieces(file, csv.pieces());
      return csv;
    });
    expect(run.value.rows).toBe(ROWS);
    expect(await run.value.changed()).toBe(false);
    expect(run.longest).toBeLessThan(Math.min(100, run.tookMs / 4));
  });

  it('a write is answered between the slices of the gradual check, not after it', async () => {
    let checked = false;
    const checking = store.verifyChainGradually().finally(() => (checked = true));
    const id = await store.begin('createInvoice', {
      profileId: 'p-live',
      environment: 'live',
      requestBody: { order_id: 'DURING-CHECK', amount: '1.00' },
    });
    expect(checked).toBe(false);
    expect((await store.get(id))?.state).toBe('sending');
    expect((await checking)?.ok).toBe(true);
  });
});
