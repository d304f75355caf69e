import { existsSync } from 'node:fs';
import { writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { createApiClient } from '@main/api/client';
import { createConnectionTracker } from '@main/app/connection';
import { createJournaledWriter, recordHeldAnswers, type WriteStep } from '@main/app/journaled-write';
import { createPendingAnswers, readHeldAnswers } from '@main/app/pending-answers';
import { openPgJournalStore } from '@main/storage/pg/journal-store';
import { toErrorInfo } from '@shared/error-info';
import { Profile } from '@shared/domain/profile';
import type { TeamDeskCommand, TeamDeskSetup } from './team-desk';

/**
 * A team desk in a child process: the real journaled write (prepare -> begin -> send -> settle) on the
 * team ledger (openPgJournalStore) and the real API client against a Sandbox, so a fault drill can
 * SIGKILL it at an exact step or hold it there while the server restarts.
 *
 * argv: <setup as JSON (TeamDeskSetup)>. Prints `ready <what the open recovered, as JSON>`, then answers
 * each stdin line (a TeamDeskCommand) with one line `result <JSON>`. With `stopAt`, the write path prints
 * `checkpoint <step>` there and blocks the whole process until the parent kills it; with `pauseAt` it
 * prints `paused <step>` and blocks until the release file appears (nothing else runs meanwhile, as
 * though the desk's thread were descheduled), then carries on.
 */
const setup = JSON.parse(process.argv[2] ?? 'null') as TeamDeskSetup | null;
if (!setup) throw new Error('usage: team-desk-child.ts <setup JSON>');

const say = (line: string) => writeSync(1, `${line}\n`);
const block = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

let stopAt: WriteStep | undefined = setup.stopAt;
let pause: { step: WriteStep; releaseFile: string } | undefined;

function checkpoint(step: WriteStep): void {
  if (step === stopAt) {
    say(`checkpoint ${step}`);
    // A parent that died first must not leave it blocked for ever: after a minute it leaves by itself.
    block(60_000);
    process.exit(3);
  }
  if (pause && step === pause.step) {
    const { releaseFile } = pause;
    pause = undefined;
    say(`paused ${step}`);
    const until = Date.now() + 60_000;
    while (!existsSync(releaseFile) && Date.now() < until) block(10);
  }
}

const log = (line: string) => process.stderr.write(`${line}\n`);
const pool = new pg.Pool({ ...setup.pg, max: 3 });
pool.on('error', () => {});
// A defect the server-restart drill found (reported to the lead): desk-connection.ts takes clients
// with pool.connect() and gives them no 'error' listener, so a server that dies while a query is in
// flight makes pg emit 'error' on that client, unheard, which ends the whole process (main, in the
// app). The query is rejected either way, so listening here changes nothing else. Once
// desk-connection.ts listens itself, this goes; MD_TEAM_DRILL_UNGUARDED=1 shows the defect meanwhile.
if (!process.env.MD_TEAM_DRILL_UNGUARDED) pool.on('connect', (client) => client.on('error', () => {}));
// Answers a killed run could not record wait in the side file; the open records them first, as main does.
const sideFile = `${setup.dataDir}/answers.json`;
const store = await openPgJournalStore(pool, {
  deskId: setup.desk.id,
  deskToken: setup.desk.token,
  heldAnswers: readHeldAnswers(sideFile, log),
});
// What this desk's person can read beside the port: who holds a claim, and since when. A pool, so a
// server restart costs it one broken connection, not the reader.
const reader = new pg.Pool({ ...setup.pg, max: 1 });
reader.on('error', () => {});

const profile = Profile.parse({
  id: 'team-sandbox',
  name: 'Team Sandbox',
  environment: 'sandbox',
  baseUrl: setup.baseUrl,
  merchantId: setup.merchant.id,
  signing: 'timestamped',
  pollIntervalMs: 60_000,
});
const client = createApiClient({
  baseUrl: setup.baseUrl,
  merchantId: setup.merchant.id,
  apiKey: async () => setup.merchant.apiKey,
  timeoutMs: 10_000,
});
const pending = createPendingAnswers(sideFile, store, log);
const deps = {
  journal: store,
  entryChanged: async () => {},
  replayParked: async () => {},
  pending,
  checkpoint,
};
const write = createJournaledWriter(deps);
const scope = {
  session: { profile, client, apiKey: async () => setup.merchant.apiKey },
  signal: new AbortController().signal,
  connection: createConnectionTracker(() => {}),
};

async function holder(id: number) {
  const { rows } = await reader.query<{ state: string; desk: string | null; at: string | null }>(
    `SELECT e.state, d.name AS desk, e.claimed_at AS at
       FROM md.entries e LEFT JOIN md.desks d ON d.id = e.claimed_by WHERE e.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

async function run(command: TeamDeskCommand): Promise<unknown> {
  switch (command.cmd) {
    case 'withdraw':
      return write(scope, { request: { operation: 'createWithdrawal', body: command.body } });
    case 'entry':
      return { entry: await store.get(command.id), holder: await holder(command.id) };
    case 'find': {
      const { rows } = await reader.query<{ id: string }>(
        'SELECT id FROM md.entries WHERE amount::numeric = $1::numeric ORDER BY id',
        [command.amount],
      );
      return rows.map((r) => Number(r.id));
    }
    case 'verify':
      return store.verifyChain();
    case 'flush':
      await recordHeldAnswers(deps);
      return { held: pending.held().length };
    case 'stopAt':
      stopAt = command.step;
      return {};
    case 'pauseAt':
      pause = { step: command.step, releaseFile: command.releaseFile };
      return {};
  }
}

say(`ready ${JSON.stringify({ recovered: store.recovered, settledAtOpen: store.settledAtOpen })}`);
for await (const line of createInterface({ input: process.stdin })) {
  const command = JSON.parse(line) as TeamDeskCommand;
  try {
    say(`result ${JSON.stringify({ ok: true, value: await run(command) })}`);
  } catch (error) {
    const info = toErrorInfo(error);
    say(`result ${JSON.stringify({ ok: false, error: { kind: info.kind, message: info.message } })}`);
  }
}
await reader.end().catch(() => {});
await store.close();
await pool.end();
