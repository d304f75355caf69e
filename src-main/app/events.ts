import type { EventChannel, EventOf } from '@contract';

/**
 * Pushes an event to the renderer (redacted on the way out by the composition root). Narrowed per
 * module to the channels it may publish, so a module's signature says what it can announce.
 */
export type Emit<E extends EventChannel = EventChannel> = <K extends E>(
  channel: K,
  payload: EventOf<K>,
) => void;
