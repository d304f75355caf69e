import type { z } from 'zod';
import { invokeChannels, type InvokeChannel, type IpcResult, type ResponseOf } from '@contract';
import type { Redactor } from '../security/redactor';
import type { IpcSenderEvent } from '../security/sender';
import { toErrorInfo } from '@shared/error-info';
import { AppError } from '@shared/errors';
import { issuePath } from '@shared/field-errors';

/** The slice of Electron's ipcMain the router needs; tests pass a fake, the app passes ipcMain. */
export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcSenderEvent, payload: unknown) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}
export type { IpcSenderEvent };

export type Handler<C extends InvokeChannel> = (
  request: z.output<(typeof invokeChannels)[C]['request']>,
) => Promise<ResponseOf<C>> | ResponseOf<C>;

export interface RouterOptions {
  ipcMain: IpcMainLike;
  /** True only for the app's own top-level frame (checked on every call, not once). */
  isTrustedSender: (event: IpcSenderEvent) => boolean;
  redactor: Redactor;
  log?: (line: string) => void;
}

export interface IpcRouter {
  /** Returns what unregisters this channel again (a module's lifetime ends before the router's). */
  handle<C extends InvokeChannel>(channel: C, handler: Handler<C>): () => void;
  /** Runs a channel as the IPC layer would: used by the browser test host and by tests. */
  dispatch(channel: string, payload: unknown, event: IpcSenderEvent): Promise<IpcResult<unknown>>;
  dispose(): void;
}

export function createIpcRouter(options: RouterOptions): IpcRouter {
  const handlers = new Map<string, (request: unknown) => Promise<unknown>>();
  const { redactor, log = () => {} } = options;

  async function dispatch(
    channel: string,
    payload: unknown,
    event: IpcSenderEvent,
  ): Promise<IpcResult<unknown>> {
    if (!options.isTrustedSender(event)) {
      log(`ipc: refused ${channel} from an untrusted sender (${event.senderFrame?.url ?? 'no frame'})`);
      return {
        ok: false,
        error: { kind: 'forbidden-sender', message: 'This window is not allowed to do that.' },
      };
    }
    const spec = (invokeChannels as Record<string, (typeof invokeChannels)[InvokeChannel]>)[channel];
    const handler = handlers.get(channel);
    if (!spec || !handler) {
      return { ok: false, error: { kind: 'unknown-channel', message: `Unknown operation: ${channel}` } };
    }
    try {
      const request = spec.request.parse(payload);
      const answer = spec.response.safeParse(await handler(request));
      if (!answer.success) throw invalidAnswer(channel, answer.error);
      return redactor.value({ ok: true, data: answer.data });
    } catch (error) {
      const info = redactor.value(toErrorInfo(error));
      log(`ipc: ${channel} failed: ${info.kind}: ${info.message}`);
      return { ok: false, error: info };
    }
  }

  return {
    handle(channel, handler) {
      if (handlers.has(channel)) throw new Error(`Handler already registered for ${channel}`);
      handlers.set(channel, handler as (request: unknown) => Promise<unknown>);
      options.ipcMain.handle(channel, (event, payload) => dispatch(channel, payload, event));
      return () => {
        if (handlers.get(channel) !== handler) return;
        handlers.delete(channel);
        options.ipcMain.removeHandler(channel);
      };
    },
    dispatch,
    dispose() {
      for (const channel of handlers.keys()) options.ipcMain.removeHandler(channel);
      handlers.clear();
    },
  };
}

/** Main's own answer broke the contract: said as such, never as a request the person got wrong. */
function invalidAnswer(channel: string, error: z.ZodError): AppError {
  const issues = error.issues
    .slice(0, 5)
    .map((i) => ({ path: issuePath(i.path, '(answer)'), message: i.message }));
  return new AppError(
    'invalid-answer',
    `Merchant Desk could not pass on its answer to ${channel}: ${issues[0]?.path ?? '(answer)'} ${issues[0]?.message ?? 'is invalid'}. Nothing you entered caused this; try again, and report it if it keeps happening.`,
    { details: { issues } },
  );
}
