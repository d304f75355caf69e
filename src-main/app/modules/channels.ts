import type { InvokeChannel } from '@contract';
import type { Handler, IpcRouter } from '../../ipc/router';

/** A module's channels and their handlers; the contract decides the names and the shapes. */
export type Handlers = { [C in InvokeChannel]?: Handler<C> };

/** All a module may do with the router: register its own channels. */
export type ChannelRegistry = Pick<IpcRouter, 'handle'>;

/**
 * Registers a module's channels. The returned disposer unregisters exactly those, then waits for the
 * calls already running: a write whose answer is on its way gets to settle its journal entry before
 * the journal closes behind it (quitting bounds the wait).
 */
export function handleAll(router: ChannelRegistry, handlers: Handlers): () => Promise<void> {
  const running = new Set<Promise<unknown>>();
  const tracked =
    <C extends InvokeChannel>(handler: Handler<C>): Handler<C> =>
    (request) => {
      const call = Promise.resolve(handler(request));
      running.add(call);
      const done = () => running.delete(call);
      call.then(done, done);
      return call;
    };
  const removers = (Object.keys(handlers) as InvokeChannel[]).map((channel) =>
    router.handle(channel, tracked(handlers[channel] as Handler<typeof channel>)),
  );
  return async () => {
    for (const remove of removers.reverse()) remove();
    await Promise.allSettled(running);
  };
}
