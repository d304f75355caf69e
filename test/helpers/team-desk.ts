import { spawn, type ChildProcess } from 'node:child_process';
import type pg from 'pg';
import type { WriteStep } from '@main/app/journaled-write';
import type { WithdrawalBody } from '@shared/domain/operations';
import { childCommand } from './child-command';

/** What a team desk process is started with (all of it plain JSON, passed on its command line). */
export interface TeamDeskSetup {
  /** The person's connection settings (unix socket, login, password). */
  pg: pg.ClientConfig;
  desk: { id: string; token: string };
  /** The Sandbox, or the crash proxy in front of it. */
  baseUrl: string;
  merchant: { id: string; apiKey: string };
  /** Where the desk keeps its side file of answers it could not record. */
  dataDir: string;
  stopAt?: WriteStep;
}

export type TeamDeskCommand =
  | { cmd: 'withdraw'; body: WithdrawalBody }
  | { cmd: 'invoice'; body: { order_id: string; amount: string } }
  /** A signed delivery, taken in by the desk's webhook intake as main composes it (pasted). */
  | { cmd: 'webhook'; rawBody: string; signature: string }
  | { cmd: 'entry'; id: number }
  | { cmd: 'find'; amount: string }
  | { cmd: 'verify' }
  | { cmd: 'flush' }
  | { cmd: 'stopAt'; step: WriteStep }
  | { cmd: 'pauseAt'; step: WriteStep; releaseFile: string };

export type TeamDeskAnswer<T = unknown> =
  { ok: true; value: T } | { ok: false; error: { kind: string; message: string } };

export interface TeamDesk {
  child: ChildProcess;
  /** The ids the store's open marked unknown (this desk's interrupted sends). */
  recovered: number[];
  /** The ids whose held answers (side file) the open recorded. */
  settledAtOpen: number[];
  exited: Promise<NodeJS.Signals | number | null>;
  /** Settles with the step once the child stopped (`checkpoint`) or paused (`paused`) there. */
  stopped: Promise<string>;
  send<T = unknown>(command: TeamDeskCommand): Promise<TeamDeskAnswer<T>>;
  /** SIGKILL, and wait until the process is gone. */
  kill(): Promise<void>;
  /** Closes stdin (the child closes its store and leaves) and waits for it. */
  close(): Promise<void>;
  stderr(): string;
}

/** Starts a desk process and waits until its store is open. */
export async function startTeamDesk(setup: TeamDeskSetup): Promise<TeamDesk> {
  const { script, execArgv } = childCommand('team-desk-child');
  const child = spawn(process.execPath, [...execArgv, script, JSON.stringify(setup)], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const waiting: Array<(json: string) => void> = [];
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => {
      // A command the process never answered is answered as its death, with what it last said.
      const died = { ok: false, error: { kind: 'desk-died', message: `${signal ?? code}: ${stderr}` } };
      for (const answer of waiting.splice(0)) answer(JSON.stringify(died));
      resolve(signal ?? code);
    }),
  );
  let onStopped: (step: string) => void = () => {};
  const stopped = new Promise<string>((resolve) => (onStopped = resolve));
  let onReady: (json: string) => void = () => {};
  const ready = new Promise<string>((resolve) => (onReady = resolve));
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    for (let at = buffered.indexOf('\n'); at >= 0; at = buffered.indexOf('\n')) {
      const line = buffered.slice(0, at);
      buffered = buffered.slice(at + 1);
      const [word, ...rest] = line.split(' ');
      const text = rest.join(' ');
      if (word === 'ready') onReady(text);
      else if (word === 'checkpoint' || word === 'paused') onStopped(text);
      else if (word === 'result') waiting.shift()?.(text);
    }
  });
  const opened = await Promise.race([
    ready,
    exited.then((how) => {
      throw new Error(`the desk exited (${String(how)}) before it was ready:\n${stderr}`);
    }),
  ]);
  const { recovered, settledAtOpen } = JSON.parse(opened) as { recovered: number[]; settledAtOpen: number[] };
  // Writing to a desk just killed must not end the parent.
  child.stdin!.on('error', () => {});
  return {
    child,
    recovered,
    settledAtOpen,
    exited,
    stopped,
    send: (command) =>
      new Promise((resolve) => {
        waiting.push((json) => resolve(JSON.parse(json) as never));
        child.stdin!.write(`${JSON.stringify(command)}\n`);
      }),
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

/** The value of an answer that must have succeeded. */
export function valueOf<T>(answer: TeamDeskAnswer<T>): T {
  if (!answer.ok) throw new Error(`desk command failed: ${answer.error.kind}: ${answer.error.message}`);
  return answer.value;
}
