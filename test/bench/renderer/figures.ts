import type { Figure } from '../figure';

export type { Figure };

export const round1 = (v: number) => Math.round(v * 10) / 10;
export const round2 = (v: number) => Math.round(v * 100) / 100;

/** A figure with its ratio to `baseline` filled in (null when there is no baseline). */
export function figure(f: Omit<Figure, 'ratio' | 'curve'> & { curve?: Figure['curve'] }): Figure {
  const ratio = f.baseline ? round2(f.result / f.baseline) : null;
  return { ...f, result: round2(f.result), ratio, curve: f.curve ?? null };
}

/** Every figure id the renderer runner writes, so the smoke test can check none is missing. */
export const RENDERER_FIGURE_IDS = [
  'renderer-initial-js',
  'renderer-shell-interactive',
  'renderer-shell-host-interactive',
  'renderer-shell-own-interactive',
  'renderer-overview-data',
  'rate-table-frame-p95',
  'rate-table-tick-shown',
  'rate-table-store-tick',
  'journal-list-first-paint',
  'journal-list-scroll-p95',
  'journal-list-dom-rows',
] as const;

/** Per-screen lazy chunk figures are written as `renderer-screen-js-<screen>`. */
export const screenFigureId = (screen: string) => `renderer-screen-js-${screen}`;
