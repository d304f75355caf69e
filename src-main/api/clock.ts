/**
 * Server clock offset from the response Date header. Timestamped signatures are refused outside a
 * 300-second window, so a drifting desktop clock must be reported before it turns every withdrawal
 * into "Timestamp expired".
 */

export interface ClockSkew {
  /** Server time minus local time, in ms. */
  offsetMs: number;
  measuredAt: number;
  /** |offset| >= 60 s. */
  warn: boolean;
  /** |offset| >= 300 s minus SKEW_SAFETY_MARGIN_MS. */
  breaksWindow: boolean;
}

export const SKEW_WARN_MS = 60_000;
export const SIGNATURE_WINDOW_MS = 300_000;
/**
 * The estimate is only good to about a second (Date has 1-second resolution, plus half the round
 * trip), and the clock keeps drifting between measurements. 30 s covers both with room to spare, so
 * breaksWindow turns on at 270 s, before the service starts refusing.
 */
export const SKEW_SAFETY_MARGIN_MS = 30_000;
// A new measurement is only reported when it moves this much or a flag changes: no event per request.
const REPORT_STEP_MS = 2_000;

/**
 * Offset estimate from one exchange. The header truncates to whole seconds, so the server's time was
 * somewhere in [date, date + 1 s): take the middle, against the middle of our request.
 */
export function measureOffset(
  dateHeader: string | null,
  startedAt: number,
  endedAt: number,
  ageHeader: string | null = null,
): number | undefined {
  // An Age header means a cache answered: its Date is when the service made the answer, not now, and
  // taking it would "correct" a good clock by the age of the copy (issue 26).
  if (!dateHeader || ageHeader !== null) return undefined;
  const serverMs = Date.parse(dateHeader);
  if (Number.isNaN(serverMs)) return undefined;
  return Math.round(serverMs + 500 - (startedAt + endedAt) / 2);
}

export function skewFrom(offsetMs: number, measuredAt: number): ClockSkew {
  const size = Math.abs(offsetMs);
  return {
    offsetMs,
    measuredAt,
    warn: size >= SKEW_WARN_MS,
    breaksWindow: size >= SIGNATURE_WINDOW_MS - SKEW_SAFETY_MARGIN_MS,
  };
}

export interface ClockTracker {
  observe(dateHeader: string | null, startedAt: number, endedAt: number, ageHeader?: string | null): void;
  current(): ClockSkew | undefined;
}

export function createClockTracker(onSkew?: (skew: ClockSkew) => void): ClockTracker {
  let latest: ClockSkew | undefined;
  let reported: ClockSkew | undefined;
  return {
    observe(dateHeader, startedAt, endedAt, ageHeader = null) {
      const offset = measureOffset(dateHeader, startedAt, endedAt, ageHeader);
      if (offset === undefined) return;
      latest = skewFrom(offset, endedAt);
      const changed =
        reported === undefined ||
        reported.warn !== latest.warn ||
        reported.breaksWindow !== latest.breaksWindow ||
        Math.abs(reported.offsetMs - latest.offsetMs) >= REPORT_STEP_MS;
      if (changed) {
        reported = latest;
        onSkew?.(latest);
      }
    },
    current: () => latest,
  };
}
