/**
 * The sandbox's notion of "now". Every expiry, withdrawal step, retry and timestamp check reads it, so
 * tests can move time deterministically and a demo can fast-forward a 24-hour invoice.
 */
export interface SandboxClock {
  now(): number;
  advance(ms: number): number;
  readonly realTime: boolean;
}

export function createClock(startTime: number, realTime: boolean): SandboxClock {
  // In real-time mode the clock is wall time plus whatever has been skipped forward.
  const wallStart = Date.now();
  let offset = 0;
  return {
    realTime,
    now: () => (realTime ? startTime + (Date.now() - wallStart) + offset : startTime + offset),
    advance(ms: number): number {
      if (!Number.isSafeInteger(ms) || ms < 0)
        throw new RangeError('advance needs a non-negative integer of ms');
      offset += ms;
      return realTime ? startTime + (Date.now() - wallStart) + offset : startTime + offset;
    },
  };
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
