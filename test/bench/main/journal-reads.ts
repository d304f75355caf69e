import { createReconciliation } from '@main/services/reconciliation/service';
import { YEAR_MS, YEAR_START, type GeneratedJournal } from '../journal-generator';
import { asJournalStore } from '@main/storage/sqlite/journal-store';
import { timeAsync, timeSync, type Timing } from '../stats';
import { benchRouter } from './bench-router';

export interface ReadTimings {
  /** The first full chain check after the journal is opened (one run: every later check is incremental). */
  firstChainCheck: Timing;
  /** The same check in slices, as the desk runs it after start-up: the longest slice and the whole. */
  gradualCheck: { longestSliceMs: number; totalMs: number; slices: number };
  firstPage: Timing;
  filtered: Timing;
  search: Timing;
  deepPage: Timing;
  cursorPage: Timing;
  reconciliation: Timing;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * What the Journal and Reconcile screens ask of a journal of this size, each through the path the
 * screen uses: journal:page through the real router (validation, sender check, redactor), and a
 * reconciliation session over the whole year computed by the reconciliation service.
 */
export async function journalReads(g: GeneratedJournal, runs: number): Promise<ReadTimings> {
  // Reopened, so the check below replays the whole chain as the first one after start-up does.
  g.suspend();
  g.resume();
  const firstChainCheck = timeSync(() => g.journal.verifyChain(), 1, 0);
  g.suspend();
  g.resume();
  const gradualCheck = await sliced(g);
  // On this thread, as before the worker: these figures are the journal's own cost per read.
  const { call } = benchRouter(asJournalStore(g.journal), async () => null);
  const page = (filter: object, offset = 0, before?: number) =>
    call('journal:page', { filter, offset, limit: 100, ...(before ? { before } : {}) });
  const firstPage = await timeAsync(() => page({ profileId: 'p-live' }), runs);
  // The filter a reconciler sets most: one profile, one pair, one month, only what needs a look.
  const filtered = await timeAsync(
    () =>
      page({
        profileId: 'p-live',
        coin: 'usdt',
        network: 'tron',
        from: iso(YEAR_START + 150 * 86_400_000),
        to: iso(YEAR_START + 181 * 86_400_000),
      }),
    runs,
  );
  const search = await timeAsync(() => page({ text: `ORD-14-${Math.floor(g.rows / 2)}` }), runs);
  // The last page of the profile's history: what scrolling to the end of a year asks for.
  const total = ((await page({ profileId: 'p-live' })) as { total: number }).total;
  const deepPage = await timeAsync(() => page({ profileId: 'p-live' }, Math.max(0, total - 100)), runs);
  // The same last page through the keyset cursor: the id of the entry shown just above it.
  const above = (await call('journal:page', {
    filter: { profileId: 'p-live' },
    offset: Math.max(0, total - 101),
    limit: 1,
  })) as { entries: { id: string }[] };
  const before = Number(above.entries[0]?.id ?? 0) || undefined;
  const cursorPage = await timeAsync(() => page({ profileId: 'p-live' }, 0, before), runs);

  const reconciliation = createReconciliation({
    journal: asJournalStore(g.journal),
    parked: async () => [],
    rejectedBetween: async () => 0,
    readBalances: () => Promise.reject(new Error('a past period needs no balance read')),
    now: () => new Date(YEAR_START + YEAR_MS + 86_400_000),
  });
  const session = await reconciliation.start({
    profileId: 'p-live',
    environment: 'live',
    from: iso(YEAR_START),
    to: iso(YEAR_START + YEAR_MS),
  });
  // Ten views at most: before the fixes one view of a large journal took tens of seconds.
  const recon = await timeAsync(() => reconciliation.get(session.id), Math.min(10, runs), 1);
  return {
    firstChainCheck,
    gradualCheck,
    firstPage,
    filtered,
    search,
    deepPage,
    cursorPage,
    reconciliation: recon,
  };
}

/** Times the start-up check in slices: how long main is held at most between two pauses. */
async function sliced(g: GeneratedJournal): Promise<ReadTimings['gradualCheck']> {
  const slices: number[] = [];
  const start = performance.now();
  let sliceStart = start;
  const check = await g.journal.verifyChainGradually(async () => {
    slices.push(performance.now() - sliceStart);
    await new Promise((resume) => setTimeout(resume, 0));
    sliceStart = performance.now();
  });
  slices.push(performance.now() - sliceStart);
  if (!check?.ok) throw new Error('the generated journal did not verify in slices');
  return { longestSliceMs: Math.max(...slices), totalMs: performance.now() - start, slices: slices.length };
}
