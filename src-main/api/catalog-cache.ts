/**
 * The catalog advertises `Cache-Control: public, max-age=900`; polling it faster only costs the
 * service. The lifetime comes from the header, not a constant, because it is runtime-owned.
 */

// A misconfigured proxy must not pin a stale fee table for days.
const MAX_LIFETIME_S = 86_400;

/** max-age in seconds, or undefined when the answer must not be reused. */
export function parseMaxAge(cacheControl: string | null): number | undefined {
  if (!cacheControl) return undefined;
  const directives = cacheControl
    .toLowerCase()
    .split(',')
    .map((d) => d.trim());
  if (directives.some((d) => d === 'no-store' || d === 'no-cache')) return undefined;
  for (const d of directives) {
    const m = /^max-age\s*=\s*"?(\d+)"?$/.exec(d);
    if (m?.[1] !== undefined) return Math.min(Number.parseInt(m[1], 10), MAX_LIFETIME_S);
  }
  return undefined;
}

export interface TtlCache<T> {
  get(): T | undefined;
  set(value: T, maxAgeSeconds: number | undefined): void;
  clear(): void;
}

export function createTtlCache<T>(now: () => number): TtlCache<T> {
  let entry: { value: T; expiresAt: number } | undefined;
  return {
    get() {
      if (entry === undefined || now() >= entry.expiresAt) return undefined;
      return entry.value;
    },
    set(value, maxAgeSeconds) {
      entry =
        maxAgeSeconds && maxAgeSeconds > 0 ? { value, expiresAt: now() + maxAgeSeconds * 1000 } : undefined;
    },
    clear() {
      entry = undefined;
    },
  };
}
