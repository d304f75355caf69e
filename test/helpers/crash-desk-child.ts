import { writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { InvokeChannel } from '@contract';
import { createAppServices } from '../../src-main/app/app-services';
import type { WriteStep } from '../../src-main/app/journaled-write';
import { TRUSTED_EVENT } from './app-harness';
import { createFileSecretStore } from './crash-secrets';

/**
 * The desk's real main-process services in a child process, on a data folder the parent keeps, so a
 * crash drill can SIGKILL it at an exact step and start a fresh one on the same folder.
 *
 * argv: <data folder> [<write step to stop at>]. It prints `ready`, then answers each line of stdin
 * (`{"channel": ..., "request": ...}`) with one line `result <IpcResult as JSON>`; `{"stopAt": step}`
 * sets the step later (answered `result {}`), so the desk a drill restarted is the next drill's. With a step,
 * the write path's checkpoint prints `checkpoint <step>` when it gets there and blocks the whole
 * process (nothing else runs: no timer, no answer) until the parent kills it.
 */
const [dataDir, firstStop] = process.argv.slice(2);
let stopAt = firstStop;
if (!dataDir) throw new Error('usage: crash-desk-child.ts <data folder> [<step>]');

const say = (line: string) => writeSync(1, `${line}\n`);

function checkpoint(step: WriteStep): void {
  if (step !== stopAt) return;
  say(`checkpoint ${step}`);
  // Blocks this thread for good: the parent's SIGKILL is the only way out, as in a real crash.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
}

const services = await createAppServices({
  dataDir,
  appVersion: '0.0.0-crash',
  ipcMain: { handle: () => {}, removeHandler: () => {} },
  isTrustedSender: (event) => event.sender?.id === 1,
  emit: () => {},
  openExternal: async () => false,
  // The keychain survives a crash; so must the stand-in (the journal's chain seal key is in it).
  secrets: createFileSecretStore(`${dataDir}/test-keychain.json`),
  schedule: () => ({ cancel: () => {} }),
  writeCheckpoint: checkpoint,
  log: (line) => process.stderr.write(`${line}\n`),
});
say('ready');

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const command = JSON.parse(line) as { channel: InvokeChannel; request?: unknown; stopAt?: WriteStep };
  if (command.stopAt) {
    stopAt = command.stopAt;
    say('result {}');
    continue;
  }
  const { channel, request } = command;
  const result = await services.router.dispatch(channel, request, TRUSTED_EVENT);
  say(`result ${JSON.stringify(result)}`);
}
await services.dispose();
