/**
 * The sandbox's notion of "now". Every expiry, withdrawal step, retry and timestamp check reads it, so
 * tests can move time deterministically and a demo can fast-forward a 24-hour invoice.
 *
 * Two readings, because "the sandbox's time" means two things:
 * - `wire()` is the service's own clock: the Date header it sends and the time it checks signature
 *   timestamps against. A client measures its clock skew from it. `advance` moves it (tests and
 *   drills use that to play a service whose clock is off).
 * - `now()` is the simulated time the state machines run on: the wire clock plus a jump a person
 *   made to rehearse ("a day later, the invoice has expired"). A jump is the Sandbox's own business:
 *   it never shows on the wire, so it never reads as this computer's clock being off (issue 25).
 */
export interface SandboxClock {
  now(): number;
  wire(): number;
  /** Moves the service's own clock (and with it simulated time) ahead. */
  advance(ms: number): number;
  /**
   * Moves simulated time only, ahead or back (negative ms). It never goes behind the wire clock: a
   * rewind that would is refused. Returns the new simulated time.
   */
  jump(ms: number): number;
  /** Simulated time back to the wire clock's (the jump undone). */
  jumpToNow(): number;
  /** How far simulated time runs ahead of the wire clock, in ms (never negative). */
  jumpedMs(): number;
  readonly realTime: boolean;
}

export function createClock(startTime: number, realTime: boolean, jumpedMs = 0): SandboxClock {
  // In real-time mode the wire clock is wall time plus whatever the service's clock was moved by.
  const wallStart = Date.now();
  let offset = 0;
  let jumped = Math.max(0, jumpedMs);
  const wire = (): number => (realTime ? startTime + (Date.now() - wallStart) + offset : startTime + offset);
  const now = (): number => wire() + jumped;
  return {
    realTime,
    now,
    wire,
    advance(ms: number): number {
      if (!Number.isSafeInteger(ms) || ms < 0)
        throw new RangeError('advance needs a non-negative integer of ms');
      offset += ms;
      return now();
    },
    jump(ms: number): number {
      if (!Number.isSafeInteger(ms)) throw new RangeError('jump needs an integer of ms');
      if (jumped + ms < 0)
        throw new RangeError(
          `cannot go back further than the real time: the Sandbox is ${Math.round(jumped / 1000)} s ahead`,
        );
      jumped += ms;
      return now();
    },
    jumpToNow(): number {
      jumped = 0;
      return now();
    },
    jumpedMs: () => jumped,
  };
}

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
