import { vi } from 'vitest';

/**
 * Runs `work` with setTimeout on a fake clock that is moved forward in small steps while real I/O
 * keeps flowing, so a 15-second client timeout and a 20-second sandbox delay take milliseconds.
 * Only setTimeout/clearTimeout are faked: Date, sockets and the database stay real. The step is small
 * against the gap between the two deadlines, so they fire in the order they would in real time.
 */
export async function withFastClock<T>(
  work: () => Promise<T>,
  until: (value: T) => boolean = () => true,
  limitMs = 120_000,
): Promise<T> {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    let settled: { value: T } | { error: unknown } | undefined;
    work().then(
      (value) => (settled = { value }),
      (error: unknown) => (settled = { error }),
    );
    for (let elapsed = 0; elapsed <= limitMs; elapsed += STEP_MS) {
      await realYield();
      if (settled && ('error' in settled || until(settled.value))) break;
      await vi.advanceTimersByTimeAsync(STEP_MS);
    }
    // Let what is still sleeping on the fake clock (a delayed sandbox handler) finish, rather than
    // leave it hanging when the real timers come back.
    await vi.runOnlyPendingTimersAsync();
    await realYield();
    if (!settled) throw new Error(`still running after ${limitMs} ms of fake time`);
    if ('error' in settled) throw settled.error;
    return settled.value;
  } finally {
    vi.useRealTimers();
  }
}

const STEP_MS = 100;

/** Lets sockets and the sandbox's handlers run (setImmediate is left real). */
async function realYield(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}
