import { fork, type ChildProcess } from 'node:child_process';
import { childCommand } from '@test/helpers/child-command';
import {
  SOAK_CONFIG_ENV,
  type ChildConfig,
  type ChildMessage,
  type IpcResultLike,
  type ParentMessage,
} from './protocol';

/** No single IPC call of the soak takes this long unless the app hangs, which is itself a failure. */
const CALL_LIMIT_MS = 60_000;

export type CallOutcome = { kind: 'answered'; result: IpcResultLike } | { kind: 'killed' };

/** The app child as the parent sees it: start it, call it as the renderer would, SIGKILL it. */
export class AppProcess {
  private child: ChildProcess | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, (outcome: CallOutcome) => void>();
  private stderr = '';

  constructor(private readonly config: ChildConfig) {}

  /** Starts the app on its data folder; resolves with how many interrupted writes it recovered. */
  async start(): Promise<number> {
    const { script, execArgv } = childCommand('soak-app-child');
    const child = fork(script, [], {
      execArgv,
      env: { ...process.env, [SOAK_CONFIG_ENV]: JSON.stringify(this.config) },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    this.child = child;
    this.stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
    const ready = new Promise<number>((resolve, reject) => {
      child.on('message', (message: ChildMessage) => {
        if (message.type === 'ready') resolve(message.recovered);
        else if (message.type === 'failed') reject(new Error(`the app did not start: ${message.message}`));
        else this.waiting.get(message.id)?.({ kind: 'answered', result: message.result });
      });
      child.once('exit', (code, signal) => {
        reject(new Error(`the app exited while starting (${signal ?? code}): ${this.stderr}`));
        for (const done of this.waiting.values()) done({ kind: 'killed' });
        this.waiting.clear();
      });
    });
    return ready;
  }

  /** One IPC call; 'killed' when the process died before it answered. */
  call(channel: string, request: unknown, clockOffsetMs = 0): Promise<CallOutcome> {
    const child = this.child;
    if (!child?.connected) return Promise.resolve({ kind: 'killed' });
    const id = this.nextId++;
    return new Promise<CallOutcome>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${channel} got no answer within ${CALL_LIMIT_MS} ms: ${this.stderr}`)),
        CALL_LIMIT_MS,
      );
      this.waiting.set(id, (outcome) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(outcome);
      });
      const message: ParentMessage = { type: 'call', id, channel, request, clockOffsetMs };
      child.send(message);
    });
  }

  /** Like call, but a refusal or a dead app throws: for the set-up and settling steps. */
  async ok<T>(channel: string, request?: unknown): Promise<T> {
    const outcome = await this.call(channel, request);
    if (outcome.kind === 'killed') throw new Error(`${channel}: the app died (${this.stderr})`);
    if (!outcome.result.ok)
      throw new Error(`${channel} failed: ${outcome.result.error.kind}: ${outcome.result.error.message}`);
    return outcome.result.data as T;
  }

  /** SIGKILL: no shutdown code runs, exactly as when the machine loses power or the OS kills it. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }

  /** A clean quit (services disposed), for the end of the run. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child?.connected) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const message: ParentMessage = { type: 'exit' };
    child.send(message);
    await exited;
  }
}
