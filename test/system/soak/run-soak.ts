import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '@main/sandbox';
import { createRng } from '@main/sandbox/rng';
import { RECEIVER_SECRET_FILE } from '@main/services/webhook-receiver-secret';
import { AppProcess, type CallOutcome } from './app-process';
import { compareRecords, failedInvariants, type Comparison } from './compare';
import { ANSWER_DEADLINE_MS, FAULT_MENU, LATENCY_MS, type FaultTarget } from './fault-menu';
import {
  checkUnknownInvoices,
  deliverWebhooks,
  journalRows,
  performedRecords,
  resolveOfferedEvidence,
} from './settle';
import { planWrite, type PlannedWrite } from './workload';

export interface SoakOptions {
  writes: number;
  seed: number;
  /** Share of writes that get a fault from the menu (default 0.3). */
  faultRate?: number;
  /** Share of writes with a SIGKILL of the app next to them, half before, half during (default 0.02). */
  killRate?: number;
  dir?: string;
  log?: (line: string) => void;
}

export interface SoakReport {
  seed: number;
  writes: number;
  faults: Record<string, number>;
  kills: { betweenWrites: number; midWrite: number; interruptedWritesRecovered: number };
  /** What each write's call answered (or that the app died before answering). */
  answers: Record<string, number>;
  /** The same, per fault: "error500 → unknown" (what the person saw after each kind of fault). */
  answersByFault: Record<string, number>;
  invoiceChecks: { checked: number; failed: string[] };
  webhooksByHand: number;
  evidenceOneClick: number;
  comparison: Comparison;
  failed: string[];
  seconds: number;
  /** The data folders (the app's and the sandbox's). */
  dir: string;
}

const MERCHANT = { id: 'soak-merchant', apiKey: 'soak-merchant-key-0123456789abcdef' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The sandbox's clock stands still unless moved: keep it with real time so signatures stay fresh. */
function syncClock(sandbox: RunningSandbox): void {
  const behind = Date.now() - sandbox.control.now();
  if (behind > 0) sandbox.control.advanceClock(behind);
}

/** What the person saw: the outcome, and for a failure its kind and HTTP status ("rejected 401 auth"). */
function answerName(outcome: CallOutcome): string {
  if (outcome.kind === 'killed') return 'no answer (killed)';
  if (!outcome.result.ok) return `refused before sending: ${outcome.result.error.kind}`;
  const data = outcome.result.data as { outcome: string; error?: { kind?: string; httpStatus?: number } };
  if (!data.error) return data.outcome;
  return [data.outcome, data.error.httpStatus, data.error.kind].filter((p) => p !== undefined).join(' ');
}

const count = (counts: Record<string, number>, name: string) => (counts[name] = (counts[name] ?? 0) + 1);

/**
 * The reconciliation soak (issue 13): `writes` writes by the app's own services, in a child process
 * SIGKILLed at random, against a sandbox in this process that keeps its own record, under faults from
 * FAULT_MENU. One PRNG seeded with `seed` decides every write, fault and kill.
 */
export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const started = Date.now();
  const log = options.log ?? (() => {});
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
  const random = createRng({ rngState: options.seed }).next;
  const faultRate = options.faultRate ?? 0.3;
  const killRate = options.killRate ?? 0.02;
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'md-soak-'));
  const sandbox = await startSandbox({
    merchants: [{ ...MERCHANT, allowWithdrawals: true }],
    seed: options.seed,
    dataFile: join(dir, 'sandbox', 'state.json'),
    realTime: false,
  });
  const { control } = sandbox;
  control.creditBalance(MERCHANT.id, 'usdt', 'tron', '1000000000');
  const receiverPort = await freePort();
  // The app keeps its receiver's secret path in its data folder: give it one the soak knows.
  const receiverSecret = 'soak'.padEnd(43, '0');
  mkdirSync(join(dir, 'app'), { recursive: true });
  writeFileSync(join(dir, 'app', RECEIVER_SECRET_FILE), receiverSecret);
  const receiverUrl = `http://127.0.0.1:${receiverPort}/${receiverSecret}`;
  control.setCallbackUrl(MERCHANT.id, receiverUrl);
  const app = new AppProcess({
    dataDir: join(dir, 'app'),
    sandboxUrl: sandbox.url,
    merchantId: MERCHANT.id,
    apiKey: MERCHANT.apiKey,
    receiverPort,
    deadlineMs: ANSWER_DEADLINE_MS,
  });
  const report: Omit<SoakReport, 'comparison' | 'failed' | 'seconds' | 'invoiceChecks' | 'dir'> = {
    seed: options.seed,
    writes: options.writes,
    faults: {},
    kills: { betweenWrites: 0, midWrite: 0, interruptedWritesRecovered: 0 },
    answers: {},
    answersByFault: {},
    webhooksByHand: 0,
    evidenceOneClick: 0,
  };
  const restart = async () => {
    await app.kill();
    report.kills.interruptedWritesRecovered += await app.start();
  };
  try {
    await app.start();
    for (let index = 0; index < options.writes; index++) {
      const write: PlannedWrite = planWrite(index, options.seed, random);
      const fault = random() < faultRate ? FAULT_MENU[Math.floor(random() * FAULT_MENU.length)] : undefined;
      const killRoll = random();
      const killDelayMs = Math.floor(random() * 40);
      syncClock(sandbox);
      if (killRoll < killRate / 2) {
        report.kills.betweenWrites += 1;
        await restart();
      }
      const target: FaultTarget = { control, merchantId: MERCHANT.id, route: write.operation, random };
      const armed = fault?.arm(target) ?? {};
      if (fault) report.faults[fault.name] = (report.faults[fault.name] ?? 0) + 1;
      const answer = app.call(write.channel, write.request, armed.clockOffsetMs ?? 0);
      if (killRoll >= killRate / 2 && killRoll < killRate) {
        // Mid-write: the answer, if it comes first, is recorded; the kill lands wherever the write is.
        await Promise.race([answer, sleep(killDelayMs)]);
        report.kills.midWrite += 1;
        await restart();
      }
      const seen = answerName(await answer);
      count(report.answers, seen);
      count(report.answersByFault, `${fault?.name ?? 'no fault'} (${write.operation}) → ${seen}`);
      fault?.disarm?.(target);
      control.clearFaults();
      if ((index + 1) % 500 === 0) log(`soak: ${index + 1} of ${options.writes} writes (${elapsed()})`);
    }
    // A latency fault's write is still being handled by the sandbox for a moment after its answer.
    await sleep(LATENCY_MS + 500);
    syncClock(sandbox);
    log(`soak: checking unknown invoices by their order id (${elapsed()})`);
    const invoiceChecks = await checkUnknownInvoices(app);
    log(`soak: delivering webhooks (${elapsed()})`);
    report.webhooksByHand = await deliverWebhooks(sandbox, receiverUrl, MERCHANT.apiKey);
    report.evidenceOneClick = await resolveOfferedEvidence(app);
    const comparison = compareRecords(await journalRows(app), performedRecords(sandbox, MERCHANT.id));
    const failed = [
      ...failedInvariants(comparison),
      ...invoiceChecks.failed.map((f) => `invoice check ${f}`),
    ];
    return { ...report, invoiceChecks, comparison, failed, seconds: (Date.now() - started) / 1000, dir };
  } finally {
    await app.stop().catch(() => app.kill());
    await sandbox.close();
  }
}

/** Runs the soak in a new folder, kept only when the run fails (for the post-mortem). */
export async function runSoakAndTidy(options: Omit<SoakOptions, 'dir'>): Promise<SoakReport> {
  const report = await runSoak(options);
  if (report.failed.length === 0) rmSync(report.dir, { recursive: true, force: true });
  return report;
}
