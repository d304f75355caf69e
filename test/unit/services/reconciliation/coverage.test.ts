import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useReconDesk } from './recon-desk';
import { writeReport } from '@main/services/reconciliation/report';

// The desk's first snapshot ever is long after the period's start: 25 days nobody observed.
const { desk, view, make } = useReconDesk({ start: '2026-11-26T00:32:00.000Z', balance: '250' });

const GAP = 'no balance seen between 1 Nov 2026 00:00 UTC and 26 Nov 2026 00:32 UTC';

async function november(recon: ReturnType<typeof make>) {
  await recon.recordBalances('sandbox', view());
  desk.clock = new Date('2026-11-26T03:00:00.000Z');
  return recon.start({
    profileId: 'sandbox',
    environment: 'sandbox',
    from: '2026-11-01T00:00:00.000Z',
    to: desk.clock.toISOString(),
  });
}

describe('reconciliation coverage: days nobody observed', () => {
  it('a first snapshot long after the start is an exception by name, never reconciled', async () => {
    const session = await november(make());
    const [line] = session.lines;
    // The balance did not change between the two snapshots: the difference is zero, and still proves nothing.
    expect(line).toMatchObject({ difference: '0', flagged: true });
    expect(line!.gaps).toEqual([
      { bound: 'start', from: '2026-11-01T00:00:00.000Z', to: '2026-11-26T00:32:00.000Z', words: GAP },
    ]);
    expect(line!.reasons).toContain(GAP);
    const gap = session.items.find((i) => i.kind === 'coverage-gap');
    expect(gap).toMatchObject({
      blocking: true,
      title: `No balance seen between 1 Nov 2026 00:00 UTC and 26 Nov 2026 00:32 UTC (USDT · tron)`,
    });
    // A zero difference over an unobserved stretch is not an "unexplained change" item too.
    expect(session.items.map((i) => i.kind)).toEqual(['coverage-gap']);
    expect(session.exceptions).toEqual([gap!.title]);
  });

  it('refuses a clean close; a review note does not clear it; closing with exceptions records it', async () => {
    const recon = make();
    const session = await november(recon);
    await expect(
      recon.close(session.id, { by: 'Dana', note: 'month end', withExceptions: false }),
    ).rejects.toThrow(/cannot close cleanly: 1 exception/);
    const key = session.items[0]!.key;
    const reviewed = await recon.review(session.id, key, 'desk was installed on 26 Nov', 'Dana');
    expect(reviewed.items[0]).toMatchObject({ blocking: true, review: { by: 'Dana' } });
    await expect(
      recon.close(session.id, { by: 'Dana', note: 'month end', withExceptions: false }),
    ).rejects.toThrow(/cannot close cleanly/);
    const closed = await recon.close(session.id, {
      by: 'Dana',
      note: 'desk installed on 26 Nov; balance before it checked in the service dashboard',
      withExceptions: true,
    });
    expect(closed.closed).toMatchObject({ withExceptions: true });
    expect(closed.lines[0]!.gaps).toHaveLength(1);

    const out = writeReport(join(desk.dir, 'november.csv'), closed);
    const summary = readFileSync(out.summaryPath, 'utf8');
    expect(summary).toContain('Coverage: INCOMPLETE');
    expect(summary).toContain(`- USDT · tron: ${GAP}`);
    expect(summary).not.toMatch(/difference 0\s+reconciled/);
    expect(summary).toContain('Closed WITH EXCEPTIONS by Dana');
  });

  it('a snapshot within the hour of each bound covers the period; the summary says so', async () => {
    const recon = make();
    desk.clock = new Date('2026-11-01T00:59:00.000Z');
    await recon.recordBalances('sandbox', view());
    desk.clock = new Date('2026-11-01T05:00:00.000Z');
    const session = await recon.start({
      profileId: 'sandbox',
      environment: 'sandbox',
      from: '2026-11-01T00:00:00.000Z',
      to: desk.clock.toISOString(),
    });
    expect(session.lines[0]).toMatchObject({ gaps: [], flagged: false, difference: '0' });
    expect(session.exceptions).toEqual([]);
    const closed = await recon.close(session.id, {
      by: 'Dana',
      note: 'all explained',
      withExceptions: false,
    });
    const summary = readFileSync(writeReport(join(desk.dir, 'ok.csv'), closed).summaryPath, 'utf8');
    expect(summary).toContain('Coverage: a balance was seen within 60 minutes of both ends for every asset');
  });

  it('an end long after the last snapshot is a gap at the end', async () => {
    const recon = make();
    desk.clock = new Date('2026-11-01T00:10:00.000Z');
    await recon.recordBalances('sandbox', view());
    desk.clock = new Date('2026-11-20T00:00:00.000Z');
    // The period ended long ago: no balance is read now for it.
    const session = await recon.start({
      profileId: 'sandbox',
      environment: 'sandbox',
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-03T12:00:00.000Z',
    });
    expect(session.lines[0]!.gaps.map((g) => [g.bound, g.words])).toEqual([
      ['end', 'no balance seen between 1 Nov 2026 00:10 UTC and 3 Nov 2026 12:00 UTC'],
    ]);
    expect(session.lines[0]!.flagged).toBe(true);
  });
});
