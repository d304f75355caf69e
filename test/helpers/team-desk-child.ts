import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { createApiClient } from '@main/api/client';
import { createConnectionTracker } from '@main/app/connection';
import { createJournaledWriter, recordHeldAnswers, type WriteStep } from '@main/app/journaled-write';
import { journalSink } from '@main/app/journal-sink';
import { createWebhookIntake } from '@main/services/webhook-intake';
import { deskConnection } from '@main/storage/pg/desk-connection';
import { openPgWebhookLog } from '@main/storage/pg/recon-stores';
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
// Answers a killed run could not record wait in the side file; the open records them first, as main does.
const sideFile = `${setup.dataDir}/answers.json`;
// The side file is sealed as main seals it (with the desk's chain key); a drill desk's key is derived
// from its token, so each restart of the same desk opens what it sealed before.
const sealKey = createHash('sha256').update(setup.desk.token).digest();
const held = readHeldAnswers(sideFile, sealKey, log);
// Settings, not a pool: the store's own pool is the one whose dead connections it handles itself.
const store = await openPgJournalStore(
  { ...setup.pg, max: 3 },
  {
    deskId: setup.desk.id,
    deskToken: setup.desk.token,
    heldAnswers: held.answers,
  },
);
// The drills find an entry by its amount (the port searches ids and addresses, not amounts): a plain
// read of md.entries as this desk's person. A pool, so a server restart costs it one broken connection.
const reader = new pg.Pool({ ...setup.pg, max: 1 });
reader.on('error', () => {});
reader.on('connect', (client) => client.on('error', () => {}));

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
const pending = createPendingAnswers(sideFile, store, log, { key: sealKey, refusedInPlace: held.refused });
const deps = {
  journal: store,
  entryChanged: async () => {},
  replayParked: async () => {},
  pending,
  checkpoint,
};
const write = createJournaledWriter(deps);
// The team's webhook log over a connection attached as this desk, and the intake main composes on it.
const side = deskConnection({ ...setup.pg, max: 2 }, { deskUuid: setup.desk.id, token: setup.desk.token });
const target = { profileId: profile.id, apiKey: setup.merchant.apiKey };
const intake = createWebhookIntake({
  log: openPgWebhookLog(side),
  sink: journalSink(store),
  activeTarget: async () => target,
  targetFor: async (profileId) => (profileId === profile.id ? target : null),
  warn: log,
});
const scope = {
  session: { profile, client, apiKey: async () => setup.merchant.apiKey },
  signal: new AbortController().signal,
  connection: createConnectionTracker(() => {}),
};

/** Who holds the entry's send and since when, as the desk shows it (the ledger's provenance). */
async function holder(id: number) {
  const claim = (await store.provenance(id))?.claim;
  return claim ? { desk: claim.desk, at: claim.at, person: claim.person } : null;
}

async function run(command: TeamDeskCommand): Promise<unknown> {
  switch (command.cmd) {
    case 'withdraw':
      return write(scope, { request: { operation: 'createWithdrawal', body: command.body } });
    case 'invoice':
      return write(scope, { request: { operation: 'createInvoice', body: command.body } });
    case 'webhook': {
      const seen = await intake.ingest({
        rawBody: command.rawBody,
        signature: command.signature,
        source: 'pasted',
      });
      return { verified: seen.verified, duplicate: seen.duplicate, appliedTo: seen.appliedTo };
    }
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
await side.close().catch(() => {});
await store.close();
