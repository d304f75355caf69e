import type { InvokeChannel } from '@contract';
import type { Handler, IpcRouter } from '../../ipc/router';
import type { Disposer } from '../lifecycle';

/** A module's channels and their handlers; the contract decides the names and the shapes. */
export type Handlers = { [C in InvokeChannel]?: Handler<C> };

/** All a module may do with the router: register its own channels. */
export type ChannelRegistry = Pick<IpcRouter, 'handle'>;

/** Registers a module's channels; the returned disposer unregisters exactly those. */
export function handleAll(router: ChannelRegistry, handlers: Handlers): Disposer {
  const removers = (Object.keys(handlers) as InvokeChannel[]).map((channel) =>
    router.handle(channel, handlers[channel] as Handler<typeof channel>),
  );
  return () => {
    for (const remove of removers.reverse()) remove();
  };
}
