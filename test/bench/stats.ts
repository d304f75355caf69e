/** Percentiles over timed samples: these machines are noisy, so p95 over many runs, never one run. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new Error('no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The middle value; for an even count, the mean of the two middle ones. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('no samples');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The 95% interval of median(a) / median(b), by a percentile bootstrap: each set is resampled with
 * replacement on its own (two pages' cold loads taking turns are independent draws: their times do
 * not move together), `resamples` times. It says how far another run of the same build could land
 * from this one's ratio. Seeded, so the same samples always give the same interval.
 */
export function medianRatioInterval(
  a: readonly number[],
  b: readonly number[],
  resamples = 4000,
  seed = 1,
): [low: number, high: number] {
  const random = mulberry32(seed);
  const resample = (values: readonly number[]) =>
    Array.from(values, () => values[Math.floor(random() * values.length)]!);
  const ratios = Array.from({ length: resamples }, () => median(resample(a)) / median(resample(b)));
  return [percentile(ratios, 2.5), percentile(ratios, 97.5)];
}

/** A small seeded generator (Mulberry32): repeatable, so two runs resample or tick alike. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

export interface Timing {
  p50: number;
  p95: number;
  samples: number;
}

export const summarize = (samples: readonly number[]): Timing => ({
  p50: percentile(samples, 50),
  p95: percentile(samples, 95),
  samples: samples.length,
});

/** Times `fn` `runs` times after `warmup` untimed calls; milliseconds. */
export function timeSync(fn: () => unknown, runs: number, warmup = Math.min(5, runs)): Timing {
  for (let i = 0; i < warmup; i++) fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return summarize(samples);
}

export async function timeAsync(
  fn: () => Promise<unknown>,
  runs: number,
  warmup = Math.min(5, runs),
): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  return summarize(samples);
}

/**
 * Alternates the two so drift on a shared machine (another process waking up) hits both alike;
 * each call is timed in batches of `batch` so sub-microsecond work is measurable.
 */
export function timePair(a: () => unknown, b: () => unknown, runs: number, batch = 1): [Timing, Timing] {
  const sa: number[] = [];
  const sb: number[] = [];
  const once = (fn: () => unknown, into: number[]) => {
    const start = performance.now();
    for (let i = 0; i < batch; i++) fn();
    into.push((performance.now() - start) / batch);
  };
  for (let i = 0; i < Math.min(20, runs); i++) {
    a();
    b();
  }
  for (let i = 0; i < runs; i++) {
    once(a, sa);
    once(b, sb);
  }
  return [summarize(sa), summarize(sb)];
}
