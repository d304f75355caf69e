/** Releases one thing: a timer, a server, a store, a set of IPC handlers. May be async. */
export type Disposer = () => void | Promise<void>;

/** Thrown by DisposableStore.dispose when one or more disposers failed; every other one still ran. */
export class DisposeError extends AggregateError {
  constructor(errors: unknown[]) {
    const first = errors[0] instanceof Error ? errors[0].message : String(errors[0]);
    super(errors, `${errors.length} disposer(s) failed; first: ${first}`);
    this.name = 'DisposeError';
  }
}

/**
 * Owns what a unit (the app, a profile scope, a module) acquired, and releases it in reverse order of
 * acquisition: what was built on top of something goes before it (handlers before the journal they
 * write to). Disposing is idempotent, waits for async disposers one at a time, and does not stop at a
 * failure: a server that will not close must not keep the journal open. Failures are collected and
 * thrown together once everything has run.
 */
export class DisposableStore {
  private readonly disposers: Disposer[] = [];
  private disposing: Promise<void> | undefined;

  /**
   * @param onLateError Where a failure of a disposer added after disposal goes (see add); the
   *   composition root passes its log.
   */
  constructor(private readonly onLateError: (error: unknown) => void = () => {}) {}

  get isDisposed(): boolean {
    return this.disposing !== undefined;
  }

  /**
   * Takes ownership of a disposer. Added after disposal (an async start that finished late), it runs
   * at once: nothing may outlive the unit that owned it.
   */
  add<D extends Disposer>(disposer: D): D {
    if (this.disposing) {
      void runSafely(disposer).then((error) => error !== undefined && this.onLateError(error));
    } else {
      this.disposers.push(disposer);
    }
    return disposer;
  }

  /** Runs every disposer once, last added first. A second call returns the first call's promise. */
  dispose(): Promise<void> {
    // Marked disposed before the first disposer runs, so a disposer that adds or disposes re-entrantly
    // sees a disposed store instead of starting a second pass over the same list.
    this.disposing ??= Promise.resolve().then(() => this.run());
    return this.disposing;
  }

  private async run(): Promise<void> {
    const errors: unknown[] = [];
    while (this.disposers.length) {
      const error = await runSafely(this.disposers.pop()!);
      if (error !== undefined) errors.push(error);
    }
    if (errors.length) throw new DisposeError(errors);
  }
}

/** Runs a disposer; a throw or a rejection comes back as a value so the caller can go on. */
async function runSafely(disposer: Disposer): Promise<unknown> {
  try {
    await disposer();
    return undefined;
  } catch (error) {
    return error ?? new Error('A disposer failed without a reason.');
  }
}
