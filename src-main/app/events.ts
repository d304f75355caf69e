import { eventChannels, type EventChannel, type EventOf } from '@contract';
import type { Redactor } from '../security/redactor';

/**
 * Pushes an event to the renderer. Narrowed per module to the channels it may publish, so a module's
 * signature says what it can announce.
 */
export type Emit<E extends EventChannel = EventChannel> = <K extends E>(
  channel: K,
  payload: EventOf<K>,
) => void;

export interface EmitterOptions {
  /** The transport: webContents.send in the app, a server-sent event stream in the test host. */
  send: (channel: string, payload: unknown) => void;
  redactor: Redactor;
  log: (line: string) => void;
}

/**
 * The one way events leave main. Each payload is checked against the contract's schema for its
 * channel (as the router checks answers) and redacted; one that does not match is not sent, and the
 * log says which channel and why, because a malformed push is a bug in main, never something for
 * the renderer to guess at.
 */
export function createEmitter(options: EmitterOptions): Emit {
  return (channel, payload) => {
    const checked = eventChannels[channel].safeParse(payload);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      options.log(
        `event ${channel} not sent: it does not match the contract (${issue?.path.join('.') || 'payload'}: ${issue?.message ?? 'invalid'})`,
      );
      return;
    }
    options.send(channel, options.redactor.value(checked.data));
  };
}
