import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournal, type Journal } from '@main/storage/sqlite/journal';
import { promised } from '@main/storage/sqlite/journal-store';
import { nearestSnapshot } from '@main/services/reconciliation/compute';
import { figuresOf } from '@main/services/reconciliation/figures';
import { movementOf, movementOfDelivery, type VerifiedEvent } from '@main/services/reconciliation/movements';
import type { BalanceSnapshot, Movement } from '@main/storage/port/recon-types';

const snap = (at: string, total: string, frozen = '0', coin = 'usdt', network = 'tron'): BalanceSnapshot => ({
  coin,
  network,
  total,
  frozen,
  available: null,
  at,
});

const fact = (over: Partial<VerifiedEvent> & { event: string; payload: unknown }): VerifiedEvent => ({
  key: `k-${over.event}-${Math.random()}`,
  receivedAt: '2026-11-01T12:00:00.000Z',
  entryId: 1,
  unmatched: false,
  ...over,
});

const paid = (credited: string, at: string) =>
  movementOf(
    fact({
      event: 'invoice.paid',
      payload: {
        event: 'invoice.paid',
        data: { coin: 'usdt', network: 'tron', credited_crypto: credited, finished_at: at },
      },
    }),
  )!;
const withdrawal = (event: string, at: string, debit: string, over: Partial<VerifiedEvent> = {}) =>
  movementOf(
    fact({
      event,
      ...over,
      payload: {
        event,
        created_at: at,
        data: { withdrawal_id: 'wd1', coin: 'USDT', network: 'TRON', amounts: { requested: '10', debit } },
      },
    }),
  )!;
const deposit = (amount: string, at: string, status = 'confirmed') =>
  movementOf(
    fact({
      event: 'wallet.transaction',
      entryId: null,
      payload: {
        event: 'wallet.transaction',
        data: { wallet_id: 'w1', coin: 'usdt', network: 'tron', amount, status, created_at: at },
      },
    }),
  )!;

const period = { from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z' };

// The figures are computed as a session computes them: from facts the journal holds, found by its indexes.
let dir: string;
let journal: Journal;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'md-recon-compute-'));
  journal = openJournal(join(dir, 'journal.sqlite'));
});
afterEach(() => {
  journal.close();
  rmSync(dir, { recursive: true, force: true });
});

function record(snapshots: BalanceSnapshot[], movements: Movement[]) {
  const { facts } = journal.reconciliation;
  for (const s of snapshots) facts.recordSnapshots('p1', [s], s.at, true);
  for (const m of movements) facts.recordMovement('p1', m);
}
const linesNow = async (acknowledged: string[] = []) =>
  (await figuresOf(promised(journal.reconciliation.facts), 'p1', period, new Set(acknowledged))).lines;
const one = async (snapshots: BalanceSnapshot[], movements: Movement[], acknowledged: string[] = []) => {
  record(snapshots, movements);
  const lines = await linesNow(acknowledged);
  expect(lines).toHaveLength(1);
  return lines[0]!;
};

describe('reconciliation: expected change', () => {
  it('an invoice credit, a wallet deposit and a completed withdrawal explain the change exactly', async () => {
    const line = await one(
      [snap('2026-11-01T00:00:00.000Z', '1000'), snap('2026-11-01T23:59:00.000Z', '1089.6')],
      [
        paid('99.5', '2026-11-01T08:00:00.000Z'),
        deposit('0.1', '2026-11-01T09:00:00.000Z'),
        withdrawal('withdrawal.success', '2026-11-01T10:00:00.000Z', '10.00'),
      ],
    );
    expect(line).toMatchObject({ expected: '89.6', observed: '89.6', difference: '0', flagged: false });
    expect(line.start?.at).toBe('2026-11-01T00:00:00.000Z');
    expect(line.counted.map((m) => m.kind)).toEqual(['invoice-credit', 'wallet-deposit', 'withdrawal-debit']);
  });

  it('uses decimal arithmetic: 0.1 + 0.2 is exactly 0.3', async () => {
    const line = await one(
      [snap('2026-11-01T00:00:00.000Z', '0'), snap('2026-11-01T23:00:00.000Z', '0.3')],
      [deposit('0.1', '2026-11-01T01:00:00.000Z'), deposit('0.2', '2026-11-01T02:00:00.000Z')],
    );
    expect(line.difference).toBe('0');
  });

  it('a failed withdrawal: frozen then released, no effect on the total, listed as a release', async () => {
    const line = await one(
      [
        snap('2026-11-01T00:00:00.000Z', '500', '0'),
        // Frozen while pending: the total does not move; only available does.
        snap('2026-11-01T05:00:00.000Z', '500', '10.5'),
        snap('2026-11-01T23:00:00.000Z', '500', '0'),
      ],
      [withdrawal('withdrawal.failed', '2026-11-01T06:00:00.000Z', '10.5')],
    );
    expect(line).toMatchObject({ expected: '0', observed: '0', difference: '0', flagged: false });
    expect(line.counted).toEqual([
      expect.objectContaining({ kind: 'withdrawal-release', amount: '10.5', effect: '0' }),
    ]);
    expect(line.end?.frozen).toBe('0');
  });

  it('a held wallet deposit counts in the total while it is frozen', async () => {
    const line = await one(
      [snap('2026-11-01T00:00:00.000Z', '100', '0'), snap('2026-11-01T23:00:00.000Z', '150', '50')],
      [deposit('50', '2026-11-01T03:00:00.000Z', 'held')],
    );
    expect(line).toMatchObject({ expected: '50', observed: '50', difference: '0', flagged: false });
  });

  it('money that arrived with no webhook leaves a flagged, signed difference', async () => {
    const line = await one(
      [snap('2026-11-01T00:00:00.000Z', '100'), snap('2026-11-01T23:00:00.000Z', '1100')],
      [],
    );
    expect(line).toMatchObject({ expected: '0', observed: '1000', difference: '1000', flagged: true });
    expect(line.reasons).toContain('the observed change differs from what the desk knows');
  });

  it('a withdrawal made outside the desk counts only once acknowledged', async () => {
    const outside = withdrawal('withdrawal.success', '2026-11-01T10:00:00.000Z', '25', {
      entryId: null,
      unmatched: true,
      key: 'withdrawal:wdX:withdrawal.success',
    });
    record([snap('2026-11-01T00:00:00.000Z', '100'), snap('2026-11-01T23:00:00.000Z', '75')], [outside]);
    const [before] = await linesNow();
    expect(before).toMatchObject({ expected: '0', difference: '-25', flagged: true });
    expect(before!.pending).toHaveLength(1);
    const [after] = await linesNow(['withdrawal:wdX:withdrawal.success']);
    expect(after).toMatchObject({ expected: '-25', difference: '0', flagged: false, pending: [] });
  });

  it('movements before the start snapshot or after the end snapshot are not counted', async () => {
    const line = await one(
      [snap('2026-11-01T06:00:00.000Z', '100'), snap('2026-11-01T18:00:00.000Z', '100')],
      [deposit('5', '2026-11-01T05:00:00.000Z'), deposit('7', '2026-11-01T19:00:00.000Z')],
    );
    expect(line).toMatchObject({ expected: '0', difference: '0', counted: [] });
  });

  it("counts a movement at the end snapshot's moment, not one at the start's (the start balance holds it)", async () => {
    const line = await one(
      [snap('2026-11-01T06:00:00.000Z', '100'), snap('2026-11-01T18:00:00.000Z', '112')],
      [deposit('5', '2026-11-01T06:00:00.000Z'), deposit('12', '2026-11-01T18:00:00.000Z')],
    );
    expect(line).toMatchObject({ expected: '12', difference: '0' });
    // Six hours from each bound: the figures agree, but the ends of the day were not observed.
    expect(line.gaps.map((g) => g.bound)).toEqual(['start', 'end']);
    expect(line.reasons).toEqual(line.gaps.map((g) => g.words));
  });

  it('says so when one snapshot is both ends while the period had movements', async () => {
    const line = await one(
      [snap('2026-11-01T12:00:00.000Z', '100')],
      [deposit('5', '2026-11-01T13:00:00.000Z')],
    );
    expect(line.reasons).toContain('the same snapshot is used for the start and the end');
  });

  it('has a line for each pair with movements in the period, and none for a pair active only before it', async () => {
    const oneUnit = (coin: string, network: string, at: string): Movement => ({
      key: `k-${coin}-${network}-${at}`,
      kind: 'wallet-deposit',
      coin,
      network,
      amount: '1',
      effect: '1',
      at,
      entryId: null,
      outside: false,
      source: 'data.amount',
    });
    record(
      [],
      [
        oneUnit('usdt', 'tron', '2026-11-01T01:00:00.000Z'),
        oneUnit('usdt', 'eth', '2026-11-01T02:00:00.000Z'),
        oneUnit('btc', 'btc', '2026-11-01T03:00:00.000Z'),
        oneUnit('ltc', 'ltc', '2026-10-01T03:00:00.000Z'),
      ],
    );
    expect((await linesNow()).map((l) => [l.coin, l.network, l.expected])).toEqual([
      ['btc', 'btc', '1'],
      ['usdt', 'eth', '1'],
      ['usdt', 'tron', '1'],
    ]);
  });

  it('no snapshot at all is flagged, with no observed change invented', async () => {
    const line = await one([], [deposit('5', '2026-11-01T05:00:00.000Z')]);
    expect(line).toMatchObject({ start: null, observed: null, difference: null, flagged: true });
  });

  it('keeps pairs apart: the same coin on two networks is two lines', async () => {
    record(
      [
        snap('2026-11-01T00:00:00.000Z', '1', '0', 'usdt', 'tron'),
        snap('2026-11-01T00:00:00.000Z', '1', '0', 'usdt', 'eth'),
        snap('2026-11-01T23:00:00.000Z', '1', '0', 'usdt', 'tron'),
        snap('2026-11-01T23:00:00.000Z', '2', '0', 'usdt', 'eth'),
      ],
      [],
    );
    const lines = await linesNow();
    expect(lines.map((l) => [l.network, l.difference, l.flagged])).toEqual([
      ['eth', '1', true],
      ['tron', '0', false],
    ]);
  });
});

describe('reconciliation: snapshots and movements', () => {
  it('the nearest snapshot is the last at or before the bound, else the first after it', async () => {
    const list = [snap('2026-11-01T02:00:00.000Z', '1'), snap('2026-11-01T04:00:00.000Z', '2')];
    expect(nearestSnapshot(list, '2026-11-01T03:00:00.000Z')?.total).toBe('1');
    expect(nearestSnapshot(list, '2026-11-01T01:00:00.000Z')?.total).toBe('1');
    expect(nearestSnapshot(list, '2026-11-01T05:00:00.000Z')?.total).toBe('2');
    expect(nearestSnapshot([], '2026-11-01T05:00:00.000Z')).toBeNull();
  });

  it('reads no amount it cannot see: an AML rejection, an in-progress event and an amount-less body move nothing', async () => {
    const data = { coin: 'usdt', network: 'tron' };
    expect(movementOf(fact({ event: 'aml.rejected.invoice', payload: { data } }))).toBeNull();
    expect(
      movementOf(fact({ event: 'withdrawal.in_progress', payload: { data: { ...data, amount: '1' } } })),
    ).toBeNull();
    expect(movementOf(fact({ event: 'invoice.paid', payload: { data } }))).toBeNull();
    expect(
      movementOf(fact({ event: 'invoice.expired', payload: { data: { ...data, credited_crypto: '0' } } })),
    ).toBeNull();
  });

  it('a withdrawal debit falls back to the requested amount and says so', async () => {
    const m = movementOf(
      fact({
        event: 'withdrawal.success',
        payload: { data: { coin: 'eth', network: 'eth', amount: '0.5' } },
      }),
    );
    expect(m).toMatchObject({ effect: '-0.5', source: 'data.amount' });
  });

  it('reads a delivery as its fact: keyed by what it names (else its own key), tied to its entry, outside while parked', () => {
    const data = { coin: 'eth', network: 'eth', amount: '0.5' };
    const delivery = {
      event: 'withdrawal.success',
      receivedAt: '2026-11-01T12:00:00.000Z',
      fallbackKey: 'd-1',
    };
    expect(
      movementOfDelivery({
        ...delivery,
        payload: { data: { ...data, withdrawal_id: 'wd9' } },
        appliedTo: '7',
      }),
    ).toMatchObject({ key: 'withdrawal:wd9:withdrawal.success', entryId: 7, outside: false });
    expect(
      movementOfDelivery({ ...delivery, payload: { data }, appliedTo: null, parked: true }),
    ).toMatchObject({
      key: 'd-1',
      entryId: null,
      outside: true,
    });
  });
});
