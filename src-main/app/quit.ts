/** The slice of Electron's `app` that quitting needs; tests pass a fake. */
export interface QuittingApp {
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  quit(): void;
}

export interface QuitOptions {
  /** Gives up waiting after this long: a hung server must not keep the app from closing. */
  timeoutMs?: number;
  log?: (line: string) => void;
}

/**
 * Makes quitting wait for `dispose` (the journal closed, servers stopped, pollers ended) instead of
 * exiting under it. The first quit is held back (preventDefault) while disposal runs, bounded by a
 * timeout; then quit is called again and let through. Quit requests that arrive meanwhile are held
 * too, so disposal never runs twice and the app never exits half-way through it.
 */
export function quitAfterDisposal(
  app: QuittingApp,
  dispose: () => Promise<void>,
  options: QuitOptions = {},
): void {
  const { timeoutMs = 5000, log = () => {} } = options;
  let state: 'running' | 'disposing' | 'disposed' = 'running';
  app.on('before-quit', (event) => {
    if (state === 'disposed') return;
    event.preventDefault();
    if (state === 'disposing') return;
    state = 'disposing';
    void withTimeout(dispose(), timeoutMs)
      .then(
        (finished) => {
          if (!finished) log(`quit: shutting down took longer than ${timeoutMs} ms; quitting anyway`);
        },
        (error: unknown) => log(`quit: shutting down failed: ${String(error)}`),
      )
      .finally(() => {
        state = 'disposed';
        app.quit();
      });
  });
}

/** True when the work finished in time, false when the time ran out first; rejects with the work. */
function withTimeout(work: Promise<void>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([work.then(() => true), timedOut]).finally(() => clearTimeout(timer));
}
