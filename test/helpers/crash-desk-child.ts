import fs, { writeSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { createInterface } from 'node:readline';
import type { InvokeChannel } from '@contract';
import { createAppServices } from '@main/app/app-services';
import type { WriteStep } from '@main/app/journaled-write';
import { TRUSTED_EVENT } from './app-harness';
import { createFileSecretStore } from './file-secrets';
import { createUserCheckStandIn } from './user-check-stand-in';

/**
 * The desk's real main-process services in a child process, on a data folder the parent keeps, so a
 * crash drill can SIGKILL it at an exact step and start a fresh one on the same folder.
 *
 * argv: <data folder> [<write step to stop at>]. It prints `ready`, then answers each line of stdin
 * (`{"channel": ..., "request": ...}`) with one line `result <IpcResult as JSON>`; `{"stopAt": step}`
 * sets the step later (answered `result {}`), so the desk a drill restarted is the next drill's;
 * `{"stopAtEvent": channel}` stops at an announcement, `{"stallWriteOver": n}` in the middle of the
 * next file write of n bytes or more. With a step,
 * the write path's checkpoint prints `checkpoint <step>` when it gets there and blocks the whole
 * process (nothing else runs: no timer, no answer) until the parent kills it.
 */
const [dataDir, firstStop] = process.argv.slice(2);
let stopAt = firstStop;
let stopAtEvent: string | undefined;
if (!dataDir) throw new Error('usage: crash-desk-child.ts <data folder> [<step>]');

const say = (line: string) => writeSync(1, `${line}\n`);

/**
 * Says where it stopped, then blocks this thread: nothing else runs until the parent's SIGKILL. A
 * parent that died first must not leave it blocked for ever: after a minute it leaves by itself.
 */
function stopHere(step: string): never {
  say(`checkpoint ${step}`);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
  process.exit(3);
}

function checkpoint(step: WriteStep): void {
  if (step === stopAt) stopHere(step);
}

/**
 * The next file write of at least `bytes` bytes puts half of them down and stops there, as a crash in
 * the middle of writing a file would (fs.writeSync is the one call atomic-file.ts writes with).
 */
function stallNextWrite(bytes: number): void {
  const original = fs.writeSync;
  fs.writeSync = ((fd: number, buffer: NodeJS.ArrayBufferView, offset?: number, length?: number) => {
    if (typeof buffer === 'object' && (length ?? buffer.byteLength) >= bytes) {
      original(fd, buffer, offset ?? 0, Math.floor((length ?? buffer.byteLength) / 2));
      stopHere('half-written');
    }
    return original(fd, buffer, offset, length);
  }) as typeof fs.writeSync;
  syncBuiltinESMExports();
}

const services = await createAppServices({
  dataDir,
  appVersion: '0.0.0-crash',
  ipcMain: { handle: () => {}, removeHandler: () => {} },
  isTrustedSender: (event) => event.sender?.id === 1,
  // A drill may stop at an announcement (an import's progress after a batch is written).
  emit: (channel) => channel === stopAtEvent && stopHere(channel),
  openExternal: async () => false,
  confirm: async () => 'accepted',
  userCheck: createUserCheckStandIn().userCheck,
  // The keychain survives a crash; so must the stand-in (the journal's chain seal key is in it).
  secrets: createFileSecretStore(`${dataDir}/test-keychain.json`),
  schedule: () => ({ cancel: () => {} }),
  writeCheckpoint: checkpoint,
  log: (line) => process.stderr.write(`${line}\n`),
});
say('ready');

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const command = JSON.parse(line) as {
    channel: InvokeChannel;
    request?: unknown;
    stopAt?: WriteStep;
    stopAtEvent?: string;
    stallWriteOver?: number;
  };
  if (!command.channel) {
    if (command.stopAt) stopAt = command.stopAt;
    if (command.stopAtEvent) stopAtEvent = command.stopAtEvent;
    if (command.stallWriteOver) stallNextWrite(command.stallWriteOver);
    say('result {}');
    continue;
  }
  const { channel, request } = command;
  const result = await services.router.dispatch(channel, request, TRUSTED_EVENT);
  say(`result ${JSON.stringify(result)}`);
}
await services.dispose();
