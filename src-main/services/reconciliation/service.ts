import type { BalancesView } from '@shared/domain/market';
import type { ReconSessionView } from '@shared/domain/reconciliation';
import type { Environment } from '@shared/domain/profile';
import { JournalError, type JournalStore, type SessionRow } from '../../storage/port';
import { figuresOf } from './figures';
import { closedForScreen, lineViews, MOVEMENTS_LISTED, recordedReport } from './line-view';
import { deliveryRef } from './item-ref';
import { exceptionsOf, openItems, type ParkedItem } from './items';
import { factKey, movementOfDelivery, type Delivery } from './movements';
import { snapshotRows } from './snapshots';
import { closeSteps, snapshotNowHelps } from './close-steps';

export interface ReconciliationDeps {
  journal: Pick<JournalStore, 'reconciliation' | 'openEntries' | 'verifyChain'>;
  /** The profile's parked deliveries (verified, matched no entry), with their bodies. */
  parked: (profileId: string) => Promise<{ id: string; rawBody: string }[]>;
  /** How many of the profile's deliveries received in [from, to] were rejected (not verified). */
  rejectedBetween: (profileId: string, from: string, to: string) => Promise<number>;
  /** The active profile's balances, read now (for a period that ends now). */
  readBalances: () => Promise<{ profileId: string; view: BalancesView }>;
  now?: () => Date;
}

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};
const eventOf = (payload: unknown) => {
  const body = (payload ?? {}) as Record<string, unknown>;
  return typeof body.event === 'string' ? body.event : typeof body.type === 'string' ? body.type : null;
};

/** Reconciliation sessions over the journal's facts: start, review, close, and the figures behind them. */
export function createReconciliation(deps: ReconciliationDeps) {
  const now = () => (deps.now ?? (() => new Date()))().toISOString();
  // Looked up at each call: joining or leaving a team switches the journal under this service, and the
  // team's sessions are the team's (team-switch.ts); a copy taken once would stay the desk's own.
  const stores = () => deps.journal.reconciliation;

  function recordBalances(profileId: string, view: BalancesView, force = false): Promise<number> {
    return stores().facts.recordSnapshots(profileId, snapshotRows(view), view.fetchedAt, force);
  }

  /** A verified delivery that is not a duplicate: what it moved, if anything, is kept as a fact. */
  async function recordVerified(v: Delivery & { profileId: string }): Promise<void> {
    const movement = movementOfDelivery(v);
    if (movement) await stores().facts.recordMovement(v.profileId, movement);
  }

  /** A parked delivery found its entry later: its movement is the desk's own, not outside activity. */
  function recordApplied(profileId: string, event: string, payload: unknown, entryId: string): Promise<void> {
    return stores().facts.markMatched(profileId, factKey(event, payload, ''), Number(entryId));
  }

  /** The session's figures now; `listed` caps each line's movement list (undefined: every one, to record). */
  async function compute(row: SessionRow, listed?: number): Promise<ReconSessionView> {
    const period = { from: row.from_at, to: row.to_at };
    const reviews = await stores().sessions.reviews(row.id);
    const acknowledged = new Set(reviews.map((r) => r.item_key));
    const { lines, around } = await figuresOf(stores().facts, row.profile_id, period, acknowledged, listed);
    // A parked delivery whose movement was recorded is shown as that movement, not twice. Each other
    // one is its own item, keyed by the delivery: two deliveries about one fact are acknowledged apart.
    const parked: ParkedItem[] = [];
    for (const d of await deps.parked(row.profile_id)) {
      const payload = parse(d.rawBody);
      const event = eventOf(payload);
      const key = factKey(event ?? '', payload, `delivery:${d.id}`);
      if (!(await stores().facts.hasMovementBetween(row.profile_id, key, around.from, around.to)))
        parked.push({ key: `delivery:${d.id}`, event, ref: deliveryRef(payload) });
    }
    const open = await deps.journal.openEntries(row.profile_id);
    const items = openItems({
      lines,
      unknown: open.unknown.filter((e) => e.createdAt <= period.to),
      inFlight: open.settling,
      parked,
      rejected: await deps.rejectedBetween(row.profile_id, period.from, period.to),
      reviews,
    });
    const chain = await deps.journal.verifyChain();
    return {
      id: String(row.id),
      profileId: row.profile_id,
      environment: row.environment,
      period,
      state: row.state,
      startedAt: row.started_at,
      startedBy: row.started_by,
      asOf: now(),
      lines: lineViews(lines, listed),
      items,
      exceptions: exceptionsOf(items),
      closed: null,
      chain: chain.ok
        ? { ok: true, head: chain.head, events: chain.events }
        : { ok: false, head: null, events: 0 },
    };
  }

  /**
   * What the screen shows, with the guided close's steps. A closed session shows the figures it was
   * closed with, not today's.
   */
  async function view(row: SessionRow): Promise<ReconSessionView> {
    const shown: ReconSessionView =
      row.state === 'open' || !row.report_json
        ? await compute(row, MOVEMENTS_LISTED)
        : { ...closedForScreen(recordedReport(row.report_json)), state: 'closed' };
    return { ...shown, steps: closeSteps(shown, new Date(now())) };
  }

  const find = (id: string) => stores().sessions.must(Number(id));

  return {
    recordBalances,
    recordVerified,
    recordApplied,
    async start(input: {
      profileId: string;
      environment: Environment;
      from: string;
      to: string;
      by?: string;
    }) {
      // A period that ends now needs a balance as of now: read one and keep it, whatever the minute rule says.
      if (Date.parse(input.to) >= Date.parse(now()) - 60_000) {
        const { profileId, view: balances } = await deps.readBalances();
        if (profileId === input.profileId) await recordBalances(profileId, balances, true);
      }
      return view(await stores().sessions.start(input));
    },
    get: async (id: string) => view(await find(id)),
    /**
     * "Take a snapshot now" of the guided close: a balance read now, kept whatever the minute rule
     * says. Refused when it cannot help: no unseen end of this open session is within the tolerance of now.
     */
    async snapshotNow(id: string): Promise<ReconSessionView> {
      const row = await find(id);
      const current = await view(row);
      if (row.state !== 'open' || !current.steps || !snapshotNowHelps(current.steps))
        throw new JournalError(
          'conflict',
          'A balance read now would not fall near an unseen start or end of this period, so it cannot cover it. Record the gap as an exception with a reason instead.',
        );
      const { profileId, view: balances } = await deps.readBalances();
      if (profileId !== row.profile_id)
        throw new JournalError('conflict', 'This session belongs to another profile; switch to it first.');
      await recordBalances(profileId, balances, true);
      return view(await find(id));
    },
    /** A closed session's report: the figures it was closed with and every movement behind them. */
    async report(id: string): Promise<ReconSessionView | null> {
      const row = await find(id);
      return row.state === 'closed' && row.report_json
        ? { ...recordedReport(row.report_json), state: 'closed' }
        : null;
    },
    list: (profileId: string) => stores().sessions.list(profileId),
    /** Who started, reviewed and closed the session: the team's people, or this computer's alone. */
    people: async (id: string) => stores().sessions.people((await find(id)).id),
    async review(id: string, itemKey: string, note: string, by: string) {
      const row = await find(id);
      const current = await compute(row, MOVEMENTS_LISTED);
      if (!current.items.some((i) => i.key === itemKey))
        throw new JournalError(
          'invalid',
          'That item is no longer open in this session; nothing was recorded.',
        );
      await stores().sessions.review(row.id, itemKey, note, by);
      return view(await find(id));
    },
    async close(id: string, input: { by: string; note: string; withExceptions: boolean }) {
      const row = await find(id);
      const current = await compute(row);
      if (current.exceptions.length > 0 && !input.withExceptions)
        throw new JournalError(
          'conflict',
          `This session cannot close cleanly: ${current.exceptions.length} exception(s) remain. Close it "with exceptions" to record them, or settle them first.`,
        );
      const closedAt = now();
      const report: ReconSessionView = {
        ...current,
        state: 'closed',
        closed: {
          by: input.by,
          note: input.note,
          at: closedAt,
          withExceptions: current.exceptions.length > 0,
        },
      };
      return view(
        await stores().sessions.close(row.id, {
          ...input,
          withExceptions: report.closed!.withExceptions,
          report,
        }),
      );
    },
  };
}
export type Reconciliation = ReturnType<typeof createReconciliation>;
