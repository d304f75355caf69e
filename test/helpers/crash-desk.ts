import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InvokeChannel, IpcResult, RequestOf, ResponseOf } from '@contract';
import type { WriteStep } from '@main/app/journaled-write';
import { childCommand } from './child-command';

/**
 * A data folder for a drill: in memory (/dev/shm) where there is one. A SIGKILL loses only what the
 * process held, never what it wrote to the page cache, so the drills lose nothing by skipping the
 * disk; and every fsync on a shared CI disk costs close to a second, which would make them crawl.
 */
export function crashDataDir(): string {
  return mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'md-crash-'));
}

/** A desk in a child process (crash-desk-child.ts), driven over its stdin and stdout. */
export interface CrashDesk {
  child: ChildProcess;
  /** Settles with the signal (or exit code) once the process is gone. */
  exited: Promise<NodeJS.Signals | number | null>;
  /** Settles with the step once the child stopped at its checkpoint. */
  checkpoint: Promise<string>;
  /** Sends one IPC call; the answer arrives unless the child is killed first. */
  call<C extends InvokeChannel>(channel: C, request?: RequestOf<C>): Promise<IpcResult<ResponseOf<C>>>;
  /** Makes the write path stop at `step` from now on. */
  stopAt(step: WriteStep): Promise<void>;
  /** Sends a drill command (stopAtEvent, stallWriteOver; see crash-desk-child.ts). */
  arm(command: { stopAtEvent?: string; stallWriteOver?: number }): Promise<void>;
  /** SIGKILL, and wait until the process is gone. */
  kill(): Promise<void>;
  /** Closes stdin (the child disposes its services and leaves) and waits for it. */
  close(): Promise<void>;
  stderr(): string;
}

/** Starts a desk on `dataDir`; with `stopAt`, its write path blocks at that step until killed. */
export async function startCrashDesk(dataDir: string, stopAt?: WriteStep): Promise<CrashDesk> {
  const { script, execArgv } = childCommand('crash-desk-child');
  const child = spawn(process.execPath, [...execArgv, script, dataDir, ...(stopAt ? [stopAt] : [])], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  );
  const waiting: Array<(line: string) => void> = [];
  let onCheckpoint: (step: string) => void = () => {};
  const checkpoint = new Promise<string>((resolve) => (onCheckpoint = resolve));
  let ready: () => void = () => {};
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let at = buffered.indexOf('\n'); at >= 0; at = buffered.indexOf('\n')) {
      const line = buffered.slice(0, at);
      buffered = buffered.slice(at + 1);
      if (line === 'ready') ready();
      else if (line.startsWith('checkpoint ')) onCheckpoint(line.slice(11));
      else if (line.startsWith('result ')) waiting.shift()?.(line.slice(7));
    }
  });
  await Promise.race([
    isReady,
    exited.then((how) => {
      throw new Error(`the desk exited (${String(how)}) before it was ready:\n${stderr}`);
    }),
  ]);
  const command = (armed: object) =>
    new Promise<void>((resolve) => {
      waiting.push(() => resolve());
      child.stdin!.write(`${JSON.stringify(armed)}\n`);
    });
  return {
    child,
    exited,
    checkpoint,
    call: (channel, request) =>
      new Promise((resolve) => {
        waiting.push((json) => resolve(JSON.parse(json) as never));
        child.stdin!.write(`${JSON.stringify({ channel, request })}\n`);
      }),
    stopAt: (step) => command({ stopAt: step }),
    arm: (armed) => command(armed),
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async close() {
      child.stdin!.end();
      await exited;
    },
    stderr: () => stderr,
  };
}

/** The answer of a call that must succeed. */
export function okOf<T>(result: IpcResult<T>): T {
  if (!result.ok) throw new Error(`call failed: ${result.error.kind}: ${result.error.message}`);
  return result.data;
}
