import { describe, expect, it } from 'vitest';
import { useReconDesk } from './recon-desk';

const { desk, view, make } = useReconDesk({ start: '2026-11-26T00:32:00.000Z', balance: '250' });
const month = { profileId: 'sandbox', environment: 'sandbox' as const };

describe('guided month-end close: coverage before anything else', () => {
  it('a month nobody observed the start of needs a reason per gap and can never close clean', async () => {
    const recon = make();
    // The desk's first run: its first balance is 26 Nov 00:32, long after the month began.
    await recon.recordBalances('sandbox', view());
    desk.clock = new Date('2026-11-26T02:00:00.000Z');
    const s = await recon.start({
      ...month,
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-26T01:00:00.000Z',
    });
    expect(s.steps).toMatchObject({
      next: 'coverage',
      cleanClose: false,
      coverage: {
        status: 'action',
        assets: [
          {
            coin: 'usdt',
            start: { seen: false, snapshotAt: '2026-11-26T00:32:00.000Z' },
            end: { seen: true },
            itemKey: 'coverage:usdt:tron',
            // 1 Nov is weeks ago: a balance read now says nothing about it.
            snapshotNowCovers: false,
          },
        ],
      },
    });
    await expect(recon.snapshotNow(s.id)).rejects.toThrow(/would not fall near/);

    const noted = await recon.review(s.id, 'coverage:usdt:tron', 'desk first installed on 26 Nov', 'Dana');
    expect(noted.steps).toMatchObject({
      next: 'close',
      cleanClose: false,
      coverage: { status: 'exceptions' },
    });
    await expect(recon.close(s.id, { by: 'Dana', note: 'month end', withExceptions: false })).rejects.toThrow(
      /cannot close cleanly/,
    );
    const closed = await recon.close(s.id, { by: 'Dana', note: 'month end', withExceptions: true });
    expect(closed.closed?.withExceptions).toBe(true);
    expect(closed.steps?.cleanClose).toBe(false);
  });

  it('an unseen end within the hour is covered by taking a snapshot now; then the close may be clean', async () => {
    const recon = make();
    desk.clock = new Date('2026-11-01T00:10:00.000Z');
    await recon.recordBalances('sandbox', view());
    // Started on the 29th for the month ending 1 Dec: the balance read then is far from the end.
    desk.clock = new Date('2026-11-29T10:00:00.000Z');
    const s = await recon.start({
      ...month,
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-12-01T00:00:00.000Z',
    });
    desk.clock = new Date('2026-11-30T23:30:00.000Z');
    const before = await recon.get(s.id);
    expect(before.steps?.coverage.assets[0]).toMatchObject({
      start: { seen: true },
      end: { seen: false },
      snapshotNowCovers: true,
    });
    expect(before.steps?.cleanClose).toBe(false);
    const after = await recon.snapshotNow(s.id);
    expect(after.steps).toMatchObject({
      next: 'close',
      cleanClose: true,
      coverage: {
        status: 'clear',
        assets: [{ end: { seen: true, snapshotAt: '2026-11-30T23:30:00.000Z' } }],
      },
    });
    expect(after.exceptions).toEqual([]);
  });
});
