import { vi } from 'vitest';

/**
 * Runs `work` with setTimeout on a fake clock that is moved forward in small steps while real I/O
 * keeps flowing, so a 15-second client timeout and a 20-second sandbox delay take about a second.
 * Only setTimeout/clearTimeout are faked: Date, sockets and the database stay real. Fake time moves
 * in small steps against the gap between two deadlines, so they fire in the order they would.
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
    let last = performance.now();
    for (let elapsed = 0; elapsed <= limitMs;) {
      await realYield();
      if (settled && ('error' in settled || until(settled.value))) break;
      // Fake time runs SPEED times faster than real time, never in jumps: work that takes real time
      // (drawing a QR code on a busy machine) must not see a 15-second deadline pass meanwhile.
      const now = performance.now();
      const step = Math.min(MAX_STEP_MS, Math.max(1, Math.round((now - last) * SPEED)));
      last = now;
      await vi.advanceTimersByTimeAsync(step);
      elapsed += step;
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

const SPEED = 20;
const MAX_STEP_MS = 100;

/** Lets sockets and the sandbox's handlers run (setImmediate is left real). */
async function realYield(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}
