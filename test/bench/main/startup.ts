import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from '@test/helpers/built-app/build';
import { figure, type Figure } from '../figure';
import { percentile } from '../stats';

const CHILD = fileURLToPath(new URL('./startup-child.ts', import.meta.url));
interface Marks {
  ready: number;
  firstHandler: number;
  lastHandler: number;
  window: number;
  total: number;
}

const STEPS: [string, (m: Marks) => number][] = [
  ['load the bundle and its modules', (m) => m.ready],
  ['create the services (data folder, keychain, journal, sandbox)', (m) => m.firstHandler - m.ready],
  ['register the IPC modules', (m) => m.lastHandler - m.firstHandler],
  ['create the window', (m) => m.window - m.lastHandler],
];

/** Cold starts of the built main bundle, each in a fresh process; the median run's steps. */
export function startupFigure(runs: number): Figure {
  ensureBuilt();
  const all: Marks[] = [];
  for (let i = 0; i < runs; i++) {
    const out = execFileSync(process.execPath, ['--import', 'tsx', CHILD], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    all.push(JSON.parse(out.trim().split('\n').pop()!) as Marks);
  }
  const median = percentile(
    all.map((m) => m.window),
    50,
  );
  const run = all.find((m) => m.window === median)!;
  const shares = STEPS.map(
    ([name, of]) => `${name} ${of(run).toFixed(0)} ms (${((of(run) / run.window) * 100).toFixed(0)} %)`,
  );
  return figure({
    id: 'main-startup',
    figure:
      'main start-up: import the built bundle → first window could load (Electron stand-in, cold, median)',
    result: run.window,
    unit: 'ms',
    target: 'reported, with the share of each step',
    pass: null,
    note: `${runs} cold runs: ${all.map((m) => m.window.toFixed(0)).join(', ')} ms. Steps of the median run: ${shares.join('; ')}.`,
  });
}
