import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type { WriteStep } from '@main/app/journaled-write';
import { createRng } from '@main/sandbox/rng';
import type { PgCluster } from '@test/helpers/pg-cluster';
import type { SeededDesk } from '@test/helpers/pg-team';
import type { TeamDesk } from '@test/helpers/team-desk';
import { amountKey, startTeamFaults, TEAM_MERCHANT, withdrawalBody } from '@test/helpers/team-faults';
import { compareRecords, failedInvariants, type Comparison, type JournalRow } from '../soak/compare';
import { deliverSettlements, type WebhookPhase } from './team-soak-webhooks';

export interface TeamSoakOptions {
  seed: number;
  /** How long desks keep writing; the wind-down (restarts, recovery, comparison) comes after. */
  durationMs: number;
  desks?: number;
  log?: (line: string) => void;
}

export interface TeamSoakReport {
  seed: number;
  desks: number;
  writes: number;
  answered: Record<string, number>;
  kills: Record<'after-claim' | 'after-answer' | 'random', number>;
  serverRestarts: number;
  recovered: number;
  settledAtOpen: number;
  comparison: Comparison;
  /** Rows still `sending` after every desk restarted: a claim nobody will ever close. */
  stuck: number;
  /** The settlements' webhooks, taken in by one desk and seen by every desk (null if not reached). */
  webhooks: WebhookPhase | null;
  failed: string[];
}

type Fault = { kind: 'stop'; step: WriteStep } | { kind: 'kill'; afterMs: number } | null;
const KILL_STEP: Record<string, keyof TeamSoakReport['kills']> = {
  'intent-committed': 'after-claim',
  'answer-received': 'after-answer',
};

/**
 * The team soak: several desk processes (the real journaled write on the team ledger) write
 * withdrawals at once against one server and the Sandbox, while desks are killed after the claim,
 * after the answer or at a random moment, and the server is crashed and started again. Every killed
 * desk restarts on its own data folder (its recovery and held answers run as in the app). At the end
 * every desk restarts once more and the ledger is compared with the Sandbox's own record. One PRNG
 * seeded with `seed` draws every fault; the desks' interleaving is the machine's.
 */
export async function runTeamSoak(cluster: PgCluster, options: TeamSoakOptions): Promise<TeamSoakReport> {
  const random = createRng({ rngState: options.seed }).next;
  const log = options.log ?? (() => {});
  const faults = await startTeamFaults(cluster, 'soak');
  const report: TeamSoakReport = {
    seed: options.seed,
    desks: options.desks ?? 3,
    writes: 0,
    answered: {},
    kills: { 'after-claim': 0, 'after-answer': 0, random: 0 },
    serverRestarts: 0,
    recovered: 0,
    settledAtOpen: 0,
    comparison: compareRecords([], []),
    stuck: 0,
    webhooks: null,
    failed: [],
  };
  try {
    interface Slot {
      seeded: SeededDesk;
      dataDir: string;
      desk: TeamDesk;
    }
    const start = async (slot: Omit<Slot, 'desk'>): Promise<TeamDesk> => {
      // The server may be restarting: a desk that cannot open yet tries again.
      for (let attempt = 1; ; attempt++) {
        try {
          const desk = await faults.start(slot.seeded, { dataDir: slot.dataDir });
          report.recovered += desk.recovered.length;
          report.settledAtOpen += desk.settledAtOpen.length;
          return desk;
        } catch (error) {
          if (attempt >= 20) throw error;
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      }
    };
    const slots: Slot[] = await Promise.all(
      Array.from({ length: report.desks }, async (_, n) => {
        const seeded = await faults.desk(`Desk ${n + 1}`);
        const dataDir = mkdtempSync(join(faults.dataDir, `desk-${n + 1}-`));
        return { seeded, dataDir, desk: await start({ seeded, dataDir }) };
      }),
    );
    const end = Date.now() + options.durationMs;
    let next = 0;

    const drawFault = (): Fault => {
      const roll = random();
      if (roll < 0.08) return { kind: 'stop', step: 'intent-committed' };
      if (roll < 0.16) return { kind: 'stop', step: 'answer-received' };
      if (roll < 0.22) return { kind: 'kill', afterMs: Math.floor(random() * 60) };
      return null;
    };

    async function deskLoop(slot: Slot): Promise<void> {
      while (Date.now() < end) {
        const index = (next += 1);
        const fault = drawFault();
        const desk = slot.desk;
        if (fault?.kind === 'stop') await desk.send({ cmd: 'stopAt', step: fault.step });
        // The index in the micro-units: no two withdrawals of a run share an amount.
        const amount = `${10 + (index % 90)}.${String(index).padStart(6, '0')}`;
        report.writes += 1;
        // One write in four an invoice (its order id names it), the rest withdrawals.
        const answer = desk.send<{ outcome: string }>(
          random() < 0.25
            ? { cmd: 'invoice', body: { order_id: `soak-${options.seed}-${index}`, amount: '25.00' } }
            : { cmd: 'withdraw', body: withdrawalBody(amount) },
        );
        let killed = false;
        const timer =
          fault?.kind === 'kill'
            ? setTimeout(() => (killed = desk.child.kill('SIGKILL')), fault.afterMs)
            : undefined;
        const how = await Promise.race([
          answer.then((a) => {
            if (a.ok) return a.value.outcome;
            return a.error.kind === 'desk-died' ? 'died' : `refused (${a.error.kind})`;
          }),
          desk.stopped.then((step) => `stopped ${step}`),
          desk.exited.then(() => 'died'),
        ]);
        clearTimeout(timer);
        // The kill may land just after the answer came back (a desk started from its bundle often
        // answers within the 0-60 ms the kill waits): that desk is going all the same, killed by the
        // soak, and is started again like any other it killed.
        if (how === 'died' || killed) await desk.exited;
        const said = killed ? 'killed' : how === 'died' ? 'died by itself' : how;
        report.answered[said] = (report.answered[said] ?? 0) + 1;
        if (how.startsWith('stopped ')) {
          report.kills[KILL_STEP[how.slice(8)]!] += 1;
          await desk.kill();
        } else if (said === 'killed') report.kills.random += 1;
        else if (said === 'died by itself')
          report.failed.push(`desk died by itself (${String(await desk.exited)}): ${desk.stderr()}`);
        else continue;
        slot.desk = await start(slot);
      }
    }

    async function serverLoop(): Promise<void> {
      while (Date.now() < end) {
        await new Promise((resolve) => setTimeout(resolve, 2000 + random() * 4000));
        if (Date.now() >= end) return;
        cluster.stop('immediate');
        cluster.start();
        report.serverRestarts += 1;
      }
    }

    await Promise.all([...slots.map(deskLoop), serverLoop()]);
    log(`team soak: ${report.writes} writes done; every desk records what it holds and restarts once`);
    for (const slot of slots) {
      await faults.reconnect(slot.desk);
      await slot.desk.send({ cmd: 'flush' });
      await slot.desk.close();
    }
    const restarted = await Promise.all(slots.map((slot) => start(slot)));
    log('team soak: the Sandbox settles what it performed; one desk takes in every signed webhook');
    report.webhooks = await deliverSettlements(faults, restarted, random);
    for (const desk of restarted) await desk.close();

    const rows = (
      await faults.admin<{
        id: string;
        operation: string;
        state: string;
        amount: string | null;
        order_id: string | null;
        by: string | null;
      }>(
        "SELECT id, operation, state, amount, order_id, resolution_json::jsonb ->> 'by' AS by FROM md.entries WHERE state <> 'intent'",
      )
    ).rows;
    const journal: JournalRow[] = rows.map((r) => ({
      id: r.id,
      operation: r.operation as JournalRow['operation'],
      state: r.state as JournalRow['state'],
      resolvedBy: r.by,
      key: r.operation === 'createInvoice' ? r.order_id : r.amount === null ? null : amountKey(r.amount),
    }));
    const { control } = faults.sandbox;
    const performed = [
      ...control.withdrawals(TEAM_MERCHANT.id).map((w) => ({
        operation: 'createWithdrawal' as const,
        key: amountKey(String((w.amounts as { requested: string }).requested)),
        id: String(w.withdrawal_id),
      })),
      ...Object.values(control.state().invoices)
        .filter((i) => i.merchantId === TEAM_MERCHANT.id)
        .map((i) => ({ operation: 'createInvoice' as const, key: i.orderId, id: i.code })),
    ];
    report.comparison = compareRecords(journal, performed);
    report.stuck = journal.filter((r) => r.state === 'sending').length;
    // An invoice killed before it was sent stays unknown here (the app's order-id check would close
    // it; the soak has none): only one performed and left unknown after its webhooks is a failure.
    const invoices = report.comparison.createInvoice;
    const invariants = [
      ...failedInvariants(report.comparison).filter(
        (f) => !f.startsWith('createInvoice: ') || !f.includes('left unknown'),
      ),
      ...(invoices.openPerformed > 0
        ? [`createInvoice: ${invoices.openPerformed} performed but left unknown after its webhooks`]
        : []),
    ];
    report.failed = [
      ...report.failed,
      ...report.webhooks.failed,
      ...invariants,
      ...(invariants.length > 0 ? report.comparison.problems : []),
      ...(report.stuck > 0 ? [`${report.stuck} entries left sending after every desk restarted`] : []),
    ];
    return report;
  } finally {
    await faults.close();
  }
}

/** The report in a few lines, seed first, for the test's output and the closing note. */
export function formatTeamSoak(r: TeamSoakReport): string {
  const w = r.comparison.createWithdrawal;
  return [
    `team soak seed ${r.seed}: ${r.desks} desks, ${r.writes} writes (withdrawals and invoices), ${r.serverRestarts} server restarts`,
    `  kills: after the claim ${r.kills['after-claim']}, after the answer ${r.kills['after-answer']}, at random ${r.kills.random}; restarts recovered ${r.recovered} (unknown), recorded ${r.settledAtOpen} held answers`,
    `  answers: ${Object.entries(r.answered)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
    `  ledger ${w.rows} entries (accepted ${w.accepted}, rejected ${w.rejected}, unknown ${w.unknown}: performed ${w.openPerformed}, not performed ${w.openNotPerformed}); Sandbox performed ${w.performed}`,
    `  invoices: ledger ${r.comparison.createInvoice.rows} entries, Sandbox created ${r.comparison.createInvoice.performed}; repeated ${r.comparison.createInvoice.repeated}, lost ${r.comparison.createInvoice.lost}, phantom ${r.comparison.createInvoice.phantom}`,
    r.webhooks
      ? `  webhooks through one desk: ${r.webhooks.delivered} delivered, ${r.webhooks.applied} applied, ${r.webhooks.duplicates} repeats refused, ${r.webhooks.parked} parked; ${r.webhooks.expected} settlements seen on every desk (${r.webhooks.unseen.length} not)`
      : '  webhooks: not reached',
    `  repeated ${w.repeated}, lost ${w.lost}, phantom ${w.phantom}, left sending ${r.stuck}`,
    r.failed.length ? `  FAILED: ${r.failed.join('; ')}` : '  all invariants hold',
  ].join('\n');
}
