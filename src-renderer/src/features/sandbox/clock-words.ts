const STEPS: ReadonlyArray<[ms: number, one: string, many: string]> = [
  [86_400_000, 'day', 'days'],
  [3_600_000, 'hour', 'hours'],
  [60_000, 'minute', 'minutes'],
  [1_000, 'second', 'seconds'],
];

/** "1 day 2 hours ahead of the real time", or "with the real time": the two largest parts only. */
export function aheadWords(aheadMs: number): string {
  if (aheadMs < 1_000) return 'with the real time';
  const parts: string[] = [];
  let rest = aheadMs;
  for (const [ms, one, many] of STEPS) {
    const n = Math.floor(rest / ms);
    if (n > 0 && parts.length < 2) parts.push(`${n} ${n === 1 ? one : many}`);
    if (n > 0) rest -= n * ms;
  }
  return `${parts.join(' ')} ahead of the real time`;
}
