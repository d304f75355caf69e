import { describe, expect, it, vi } from 'vitest';
import { quitAfterDisposal, type QuittingApp } from '@main/app/quit';

/** Behaves like Electron's app for this purpose: quit() emits before-quit and exits unless prevented. */
function fakeApp(): QuittingApp & { exited: boolean; quitCalls: number } {
  const listeners: Array<(event: { preventDefault(): void }) => void> = [];
  const app = {
    exited: false,
    quitCalls: 0,
    on(_event: 'before-quit', listener: (event: { preventDefault(): void }) => void) {
      listeners.push(listener);
    },
    quit() {
      app.quitCalls++;
      let prevented = false;
      for (const listener of listeners) listener({ preventDefault: () => (prevented = true) });
      if (!prevented) app.exited = true;
    },
  };
  return app;
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('quitting waits for disposal', () => {
  it('holds the quit until dispose has finished, then quits for real', async () => {
    const app = fakeApp();
    const disposal = deferred();
    let disposeCalls = 0;
    quitAfterDisposal(app, () => {
      disposeCalls++;
      return disposal.promise;
    });
    app.quit();
    expect(app.exited).toBe(false);
    expect(disposeCalls).toBe(1);
    await flush();
    expect(app.exited).toBe(false);
    disposal.resolve();
    await flush();
    expect(app.exited).toBe(true);
    expect(app.quitCalls).toBe(2);
  });

  it('does not dispose twice when quit is asked again while disposing', async () => {
    const app = fakeApp();
    const disposal = deferred();
    let disposeCalls = 0;
    quitAfterDisposal(app, () => {
      disposeCalls++;
      return disposal.promise;
    });
    app.quit();
    app.quit();
    app.quit();
    expect(disposeCalls).toBe(1);
    expect(app.exited).toBe(false);
    disposal.resolve();
    await flush();
    expect(disposeCalls).toBe(1);
    expect(app.exited).toBe(true);
  });

  it('quits anyway when disposal hangs past the timeout, and says so', async () => {
    const app = fakeApp();
    const logs: string[] = [];
    quitAfterDisposal(app, () => new Promise<void>(() => {}), { timeoutMs: 20, log: (l) => logs.push(l) });
    app.quit();
    await flush();
    expect(app.exited).toBe(false);
    await vi.waitFor(() => expect(app.exited).toBe(true));
    expect(logs.join('\n')).toMatch(/longer than 20 ms/);
  });

  it('quits after a failed disposal, logging the failure', async () => {
    const app = fakeApp();
    const logs: string[] = [];
    const disposal = deferred();
    quitAfterDisposal(app, () => disposal.promise, { log: (l) => logs.push(l) });
    app.quit();
    disposal.reject(new Error('journal would not close'));
    await flush();
    expect(app.exited).toBe(true);
    expect(logs.join('\n')).toMatch(/journal would not close/);
  });
});
