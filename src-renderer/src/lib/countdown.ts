/** The words of a countdown to a deadline, and when those words next change. Pure: the clock is passed in. */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface CountdownState {
  text: string;
  expired: boolean;
  /** Milliseconds until `text` can change: a minute at most, a second at most in the last minute. */
  nextChangeMs: number;
}

/** "2 d 3 h", "23 h 59 min", "5 min": whole minutes, rounded down, trailing zero units left out. */
export function formatMinutes(ms: number): string {
  const days = Math.floor(ms / DAY);
  const hours = Math.floor((ms % DAY) / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  return `${minutes} min`;
}

export function countdownState(untilMs: number, nowMs: number): CountdownState {
  const left = untilMs - nowMs;
  if (left >= MINUTE) {
    // Rounded down: never promise more time than there is.
    return { text: `expires in ${formatMinutes(left)}`, expired: false, nextChangeMs: (left % MINUTE) + 1 };
  }
  if (left > 0) {
    // Rounded up in the last minute so the count never shows "0 s" while the deadline is still ahead.
    const seconds = Math.ceil(left / SECOND);
    return { text: `expires in ${seconds} s`, expired: false, nextChangeMs: ((left - 1) % SECOND) + 1 };
  }
  const ago = -left;
  const nextChangeMs = MINUTE - (ago % MINUTE);
  if (ago < MINUTE) return { text: 'expired just now', expired: true, nextChangeMs };
  return { text: `expired ${formatMinutes(ago)} ago`, expired: true, nextChangeMs };
}
