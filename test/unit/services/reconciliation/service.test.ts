import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BalancesView } from '@shared/domain/market';
import { openJournal, type Journal } from '@main/storage/sqlite/journal';
import { asJournalStore } from '@main/storage/sqlite/journal-store';
import { createReconciliation } from '@main/services/reconciliation/service';
import { writeReport } from '@main/services/reconciliation/report';

let dir: string;
let journal: Journal;
let clock: Date;
let balance: string;
let frozen: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'md-recon-'));
  clock = new Date('2026-11-01T00:00:00.000Z');
  journal = openJournal(join(dir, 'journal.sqlite'), { now: () => clock });
  balance = '1000';
  frozen = '0';
});
afterEach(() => {
  journal.close();
  rmSync(dir, { recursive: true, force: true });
});

const view = (): BalancesView => ({
  rows: [{ coin: 'usdt', network: 'tron', balance, frozen, available: null, usd: null, raw: {} }],
  totalUsd: '0',
  fetchedAt: clock.toISOString(),
  raw: {},
});

function make(rejected = 0) {
  return createReconciliation({
    journal: asJournalStore(journal),
    parked: async () => [],
    rejectedBetween: async () => rejected,
    readBalances: async () => ({ profileId: 'sandbox', view: view() }),
    now: () => clock,
  });
}
const at = (iso: string) => {
  clock = new Date(iso);
};
const verified = (event: string, data: Record<string, unknown>, appliedTo: string | null = '1') => ({
  profileId: 'sandbox',
  event,
  payload: { event, created_at: clock.toISOString(), data },
  receivedAt: clock.toISOString(),
  appliedTo,
  parked: appliedTo === null && !event.startsWith('wallet'),
  fallbackKey: `k:${event}:${clock.toISOString()}`,
});

/** A day with an invoice paid, a withdrawal completed, one failed, and a wallet deposit. */
async function busyDay(recon: ReturnType<typeof make>) {
  await recon.recordBalances('sandbox', view());
  at('2026-11-01T08:00:00.000Z');
  balance = '1099.5';
  await recon.recordVerified(
    verified('invoice.paid', { code: 'INV1', coin: 'usdt', network: 'tron', credited_crypto: '99.5' }),
  );
  at('2026-11-01T09:00:00.000Z');
  frozen = '20.1';
  await recon.recordBalances('sandbox', view());
  at('2026-11-01T10:00:00.000Z');
  balance = '1089.4';
  frozen = '10';
  await recon.recordVerified(
    verified('withdrawal.success', {
      withdrawal_id: 'wd1',
      coin: 'usdt',
      network: 'tron',
      amounts: { debit: '10.1' },
    }),
  );
  at('2026-11-01T11:00:00.000Z');
  frozen = '0';
  await recon.recordVerified(
    verified('withdrawal.failed', {
      withdrawal_id: 'wd2',
      coin: 'usdt',
      network: 'tron',
      amounts: { debit: '10' },
    }),
  );
  at('2026-11-01T12:00:00.000Z');
  balance = '1114.4';
  await recon.recordVerified(
    verified(
      'wallet.transaction',
      { wallet_id: 'w1', tx_hash: 't1', coin: 'usdt', network: 'tron', amount: '25' },
      null,
    ),
  );
  // A duplicate delivery of the same deposit is one fact.
  await recon.recordVerified(
    verified(
      'wallet.transaction',
      { wallet_id: 'w1', tx_hash: 't1', coin: 'usdt', network: 'tron', amount: '25' },
      null,
    ),
  );
  at('2026-11-01T13:00:00.000Z');
}

describe('reconciliation service', () => {
  it('a busy day reconciles with zero difference and closes cleanly; the report says so', async () => {
    const recon = make();
    await busyDay(recon);
    const session = await recon.start({
      profileId: 'sandbox',
      environment: 'sandbox',
      from: '2026-11-01T00:00:00.000Z',
      to: clock.toISOString(),
    });
    expect(session.lines).toHaveLength(1);
    expect(session.lines[0]).toMatchObject({
      expected: '114.4',
      observed: '114.4',
      difference: '0',
      flagged: false,
    });
    expect(session.lines[0]!.end).toMatchObject({ at: '2026-11-01T13:00:00.000Z', frozen: '0' });
    expect(session.lines[0]!.movements.map((m) => m.kind)).toEqual([
      'invoice-credit',
      'withdrawal-debit',
      'withdrawal-release',
      'wallet-deposit',
    ]);
    expect(session.exceptions).toEqual([]);
    const closed = await recon.close(session.id, {
      by: 'Dana',
      note: 'all explained',
      withExceptions: false,
    });
    expect(closed.closed).toMatchObject({ by: 'Dana', withExceptions: false });
    expect(journal.verifyChain().ok).toBe(true);

    const out = writeReport(join(dir, 'report.csv'), closed);
    const csv = readFileSync(out.path, 'utf8').trim().split('\r\n');
    expect(csv).toHaveLength(5);
    expect(csv[2]).toContain('withdrawal-debit');
    expect(csv[2]).toContain(',-10.1,');
    const summary = readFileSync(out.summaryPath, 'utf8');
    expect(summary).toContain('difference 0  reconciled');
    expect(summary).toContain('Closed by Dana');
    expect(summary).toContain(`head ${closed.chain.head}`);
  });

  it('money with no webhook is a flagged difference that closes only with exceptions, listed', async () => {
    const recon = make();
    await recon.recordBalances('sandbox', view());
    at('2026-11-01T05:00:00.000Z');
    balance = '1500';
    const session = await recon.start({
      profileId: 'sandbox',
      environment: 'sandbox',
      from: '2026-11-01T00:00:00.000Z',
      to: clock.toISOString(),
    });
    expect(session.lines[0]).toMatchObject({ difference: '500', flagged: true });
    expect(session.exceptions).toEqual(['Observed +500 USDT · tron, expected +0: difference +500 USDT.']);
    await expect(recon.close(session.id, { by: 'Dana', note: 'try', withExceptions: false })).rejects.toThrow(
      /cannot close cleanly/,
    );
    // Reviewing a difference records the note but does not make it go away.
    const reviewed = await recon.review(
      session.id,
      'difference:usdt:tron',
      'play money added in the Sandbox',
      'Dana',
    );
    expect(reviewed.items[0]).toMatchObject({ blocking: true, review: { by: 'Dana' } });
    const closed = await recon.close(session.id, {
      by: 'Dana',
      note: 'sandbox top-up',
      withExceptions: true,
    });
    expect(closed.closed?.withExceptions).toBe(true);
    expect(closed.exceptions).toHaveLength(1);
    // The closed session keeps the figures it was closed with.
    at('2026-11-02T05:00:00.000Z');
    balance = '9999';
    await recon.recordBalances('sandbox', view(), true);
    expect((await recon.get(session.id)).lines[0]!.difference).toBe('500');
  });

  it('a withdrawal made outside the desk is an open item and counts once acknowledged', async () => {
    const recon = make();
    await recon.recordBalances('sandbox', view());
    at('2026-11-01T05:00:00.000Z');
    balance = '975';
    await recon.recordVerified(
      verified(
        'withdrawal.success',
        { withdrawal_id: 'wdX', coin: 'usdt', network: 'tron', amounts: { debit: '25' } },
        null,
      ),
    );
    at('2026-11-01T06:00:00.000Z');
    const s = await recon.start({
      profileId: 'sandbox',
      environment: 'sandbox',
      from: '2026-11-01T00:00:00.000Z',
      to: clock.toISOString(),
    });
    expect(s.lines[0]).toMatchObject({ expected: '0', difference: '-25', flagged: true });
    const outside = s.items.find((i) => i.kind === 'outside-activity');
    expect(outside).toMatchObject({ key: 'withdrawal:wdX:withdrawal.success', blocking: true });
    const after = await recon.review(
      s.id,
      outside!.key,
      'payout made from the web dashboard by treasury',
      'Dana',
    );
    expect(after.lines[0]).toMatchObject({ expected: '-25', difference: '0', flagged: false });
    expect(after.exceptions).toEqual([]);
  });

  it('rejected deliveries are an item a note clears; unknown review keys are refused', async () => {
    const recon = make(2);
    await recon.recordBalances('sandbox', view());
    at('2026-11-01T06:00:00.000Z');
    const s = await recon.start({
      profileId: 'sandbox',
      environment: 'sandbox',
      from: '2026-11-01T00:00:00.000Z',
      to: clock.toISOString(),
    });
    expect(s.items).toEqual([
      expect.objectContaining({
        key: 'rejected:period',
        blocking: true,
        title: '2 webhook deliveries rejected in this period',
      }),
    ]);
    await expect(recon.review(s.id, 'nope', 'note', 'Dana')).rejects.toThrow(/no longer open/);
    expect((await recon.review(s.id, 'rejected:period', 'our own test pastes', 'Dana')).exceptions).toEqual(
      [],
    );
  });

  it('an unknown withdrawal stays an exception until resolved', async () => {
    const recon = make();
    await recon.recordBalances('sandbox', view());
    const id = journal.begin('createWithdrawal', {
      profileId: 'sandbox',
      environment: 'sandbox',
      requestBody: { coin: 'usdt', network: 'tron', amount: '5', to_address: 'TXYZ' },
    });
    journal.settle(id, { outcome: 'unknown', error: { message: 'connection reset' } });
    at('2026-11-01T06:00:00.000Z');
    const s = await recon.start({
      profileId: 'sandbox',
      environment: 'sandbox',
      from: '2026-11-01T00:00:00.000Z',
      to: clock.toISOString(),
    });
    expect(s.items).toEqual([
      expect.objectContaining({ kind: 'unknown-entry', entryId: id, blocking: true }),
    ]);
    await recon.review(s.id, `unknown:${id}`, 'asked the service', 'Dana');
    expect((await recon.get(s.id)).exceptions).toHaveLength(1);
    journal.resolve(id, {
      by: 'person',
      person: 'Dana',
      performed: false,
      reason: 'service confirms it never arrived',
    });
    expect((await recon.get(s.id)).exceptions).toEqual([]);
  });

  it('a report that cannot be written leaves no file behind', async () => {
    const recon = make();
    await recon.recordBalances('sandbox', view());
    at('2026-11-01T06:00:00.000Z');
    const s = await recon.start({
      profileId: 'sandbox',
      environment: 'sandbox',
      from: '2026-11-01T00:00:00.000Z',
      to: clock.toISOString(),
    });
    const closed = await recon.close(s.id, { by: 'Dana', note: 'quiet day', withExceptions: false });
    // The summary's place is taken by a folder with something in it: the second file cannot be written.
    mkdirSync(join(dir, 'r.summary.txt', 'inside'), { recursive: true });
    expect(() => writeReport(join(dir, 'r.csv'), closed)).toThrow();
    expect(existsSync(join(dir, 'r.csv'))).toBe(false);
    expect(readdirSync(dir).filter((f) => f.startsWith('r.'))).toEqual(['r.summary.txt']);
    // Nor does a folder that does not exist leave anything.
    expect(() => writeReport(join(dir, 'missing', 'r.csv'), closed)).toThrow();
  });
});
