/** One benchmark figure in the shared results format (issue 14): main and renderer runners both write it. */
export interface Curve {
  x: string;
  y: string;
  points: [number, number][];
}

export interface Figure {
  id: string;
  figure: string;
  result: number;
  unit: 'ms' | 'ratio' | 'MB' | 'KB';
  baseline: number | null;
  baselineLabel: string | null;
  ratio: number | null;
  target: string;
  /** null: reported only, no target to pass. */
  pass: boolean | null;
  curve: Curve | null;
  /** Optional: what else a reader needs (before/after of a fix, the share of each step). */
  note?: string;
}

export interface Results {
  runAt: string;
  machine: { cpus: number; node: string; platform: string };
  figures: Figure[];
}

/** Figures that have a baseline get their ratio from it, rounded the same way everywhere. */
export function figure(
  f: Omit<Figure, 'ratio' | 'baseline' | 'baselineLabel' | 'curve'> &
    Partial<Pick<Figure, 'baseline' | 'baselineLabel' | 'curve'>>,
): Figure {
  const baseline = f.baseline ?? null;
  return {
    ...f,
    result: round(f.result),
    baseline: baseline === null ? null : round(baseline),
    baselineLabel: f.baselineLabel ?? null,
    ratio: baseline ? round(f.result / baseline) : null,
    curve: f.curve ?? null,
  };
}

export const round = (n: number) =>
  Math.abs(n) >= 100 ? Math.round(n * 10) / 10 : Math.round(n * 1000) / 1000;
