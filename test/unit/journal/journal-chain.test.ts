import BetterSqlite3 from 'better-sqlite3';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { JournalError } from '@main/storage/port/errors';
import type { EntryState } from '@main/storage/port/types';
import { live, tempJournal, withdrawalBody } from '@test/helpers/journal';

let handles: ReturnType<typeof tempJournal>[] = [];
afterEach(() => {
  handles.forEach((h) => h.cleanup());
  handles = [];
});
function fresh() {
  const h = tempJournal();
  handles.push(h);
  return h;
}

/** A small history: three rows in different states. */
function seed(h: ReturnType<typeof tempJournal>): number[] {
  const a = h.journal.begin('createWithdrawal', { ...live, requestBody: withdrawalBody() });
  h.journal.settle(a, { outcome: 'accepted', externalIds: { withdrawalId: 'w-1' } });
  const b = h.journal.begin('createInvoice', { ...live, requestBody: { order_id: 'O-1', amount: '10' } });
  h.journal.settle(b, { outcome: 'unknown' });
  const c = h.journal.begin('createWalletAddress', {
    ...live,
    requestBody: { coin: 'btc', network: 'bitcoin' },
  });
  return [a, b, c];
}

/** Edits the file behind the journal's back, the way a tamperer with sqlite3 would. */
function tamper(h: ReturnType<typeof tempJournal>, sql: string): void {
  h.journal.close();
  const db = new BetterSqlite3(h.file);
  db.exec(sql);
  db.close();
  h.reopen();
}

describe('journal hash chain', () => {
  it('verifies a clean history, across reopen', () => {
    const h = fresh();
    seed(h);
    expect(h.journal.verifyChain()).toMatchObject({ ok: true, events: 5 });
    h.reopen();
    // Reopening recovered the sending row: one more event, still valid.
    expect(h.journal.verifyChain()).toMatchObject({ ok: true, events: 6 });
  });

  it.each([
    [
      "UPDATE entries SET amount = '999' WHERE id = 1",
      { entryId: 1, reason: expect.stringMatching(/edited outside/) },
    ],
    ["UPDATE entries SET state = 'rejected' WHERE id = 2", { entryId: 2 }],
    [
      "UPDATE events SET content = replace(content, '125.50', '1.00') WHERE seq = 1",
      { seq: 1, reason: expect.stringMatching(/hash/) },
    ],
    ['DELETE FROM events WHERE seq = 2', { seq: 3, reason: expect.stringMatching(/removed or changed/) }],
    ["UPDATE events SET type = 'begin' WHERE seq = 2", { seq: 2, reason: expect.stringMatching(/columns/) }],
    ['DELETE FROM events WHERE entry_id = 3; DELETE FROM entries WHERE id = 3', undefined],
    [
      "INSERT INTO entries (operation, profile_id, environment, state, request_body, created_at, updated_at) VALUES ('createInvoice', 'x', 'live', 'accepted', '{}', 'a', 'a')",
      { entryId: 4, reason: expect.stringMatching(/no recorded history/) },
    ],
  ])('detects raw SQL tampering: %s', (sql, brokenAt) => {
    const h = fresh();
    seed(h);
    // Close before the recover step so the reopen sees only this edit.
    tamper(h, sql);
    const check = h.journal.verifyChain();
    if (brokenAt === undefined) {
      // Deleting the newest entry with all of its history is a clean cut; say so honestly.
      expect(check.ok).toBe(true);
    } else {
      expect(check).toEqual({ ok: false, brokenAt: expect.objectContaining(brokenAt) });
    }
  });
});

type Step =
  | { kind: 'begin' }
  | { kind: 'settle'; pick: number; outcome: 'accepted' | 'rejected' | 'unknown' }
  | { kind: 'resolve'; pick: number; performed: boolean; person: boolean }
  | { kind: 'reopen' }
  | { kind: 'webhook'; pick: number; event: 0 | 1 | 2 };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant({ kind: 'begin' as const }),
  fc.record({
    kind: fc.constant('settle' as const),
    pick: fc.nat(20),
    outcome: fc.constantFrom('accepted' as const, 'rejected' as const, 'unknown' as const),
  }),
  fc.record({
    kind: fc.constant('resolve' as const),
    pick: fc.nat(20),
    performed: fc.boolean(),
    person: fc.boolean(),
  }),
  fc.constant({ kind: 'reopen' as const }),
  fc.record({
    kind: fc.constant('webhook' as const),
    pick: fc.nat(20),
    event: fc.constantFrom(0 as const, 1 as const, 2 as const),
  }),
);

const LEGAL: Record<EntryState, EntryState[]> = {
  sending: ['sending', 'accepted', 'rejected', 'unknown'],
  unknown: ['unknown', 'resolved-performed', 'resolved-not-performed'],
  accepted: ['accepted'],
  rejected: ['rejected'],
  'resolved-performed': ['resolved-performed'],
  'resolved-not-performed': ['resolved-not-performed'],
};

describe('journal properties', () => {
  it('any sequence of operations keeps the chain valid and states move only forward', () => {
    const h = fresh();
    let n = 0;
    fc.assert(
      fc.property(fc.array(step, { maxLength: 25 }), (steps) => {
        for (const s of steps) {
          const ids = h.journal.list({ limit: 1000 }).map((e) => e.id);
          const target = ids.length ? ids[('pick' in s ? s.pick : 0) % ids.length] : undefined;
          const before = new Map(h.journal.list({ limit: 1000 }).map((e) => [e.id, e.state]));
          const settled = new Map(h.journal.list({ limit: 1000 }).map((e) => [e.id, e.settlement]));
          try {
            if (s.kind === 'begin') {
              n++;
              h.journal.begin('createWithdrawal', {
                ...live,
                requestBody: withdrawalBody({ amount: `${n}` }),
              });
            } else if (s.kind === 'reopen') {
              h.reopen();
            } else if (target !== undefined && s.kind === 'settle') {
              h.journal.settle(target, {
                outcome: s.outcome,
                externalIds: s.outcome === 'accepted' ? { withdrawalId: `w-${target}` } : {},
              });
            } else if (target !== undefined && s.kind === 'resolve') {
              h.journal.resolve(
                target,
                s.person
                  ? { by: 'person', performed: s.performed, reason: 'checked' }
                  : {
                      by: 'evidence',
                      performed: s.performed,
                      reason: '',
                      evidence: { kind: 'webhook', event: 'withdrawal.success' },
                    },
              );
            } else if (target !== undefined && s.kind === 'webhook') {
              const events = ['withdrawal.in_progress', 'withdrawal.success', 'withdrawal.failed'] as const;
              h.journal.applyWithdrawalEvent(`w-${target}`, events[s.event], { n });
            }
          } catch (error) {
            // Refusals are fine (illegal transition, missing reason); anything else is a bug.
            if (!(error instanceof JournalError)) throw error;
          }
          for (const e of h.journal.list({ limit: 1000 })) {
            const was = before.get(e.id);
            if (was !== undefined) expect(LEGAL[was]).toContain(e.state);
            const final = settled.get(e.id);
            // A final settlement (from a verified webhook) is never overwritten by a later event.
            if (final === 'completed' || final === 'failed') expect(e.settlement).toBe(final);
            if (e.settlement === 'completed' || e.settlement === 'failed') {
              expect(
                h.journal.events(e.id).filter((ev) => (ev.detail as { to?: string }).to === e.settlement)
                  .length,
              ).toBeGreaterThan(0);
            }
          }
        }
        expect(h.journal.verifyChain().ok).toBe(true);
      }),
      { numRuns: 40 },
    );
  });
});
