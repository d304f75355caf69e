import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

/** One row of test-results/crash-drills.md. */
export interface DrillRow {
  drill: string;
  step: string;
  /** What the person sees after the restart (the Journal screen's state, or the start-up message). */
  saw: string;
  repeated: number;
  lost: number;
  resolvedBy: string;
}

const FILE = join(process.cwd(), 'test-results', 'crash-drills.md');
const HEADER = [
  '# Crash drills and damaged files at start-up',
  '',
  'Written by test/system/crash/*.test.ts; each suite replaces its own rows.',
  '',
  '| drill | step | what the user saw after restart | writes repeated | records lost | resolved by |',
  '| --- | --- | --- | --- | --- | --- |',
];
const cell = (text: string | number) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');

/**
 * Replaces this suite's rows in the report (the rows of other suites stay), so the crash suites can
 * run in any order or alone and the table still holds every drill last run.
 */
export function writeDrillRows(suite: string, rows: readonly DrillRow[]): void {
  mkdirSync(join(process.cwd(), 'test-results'), { recursive: true });
  const kept = existsSync(FILE)
    ? readFileSync(FILE, 'utf8')
        .split('\n')
        .filter((line) => /^\| (?!drill |---)/.test(line) && !line.includes(`<!-- ${suite} -->`))
    : [];
  const mine = rows.map(
    (r) =>
      `| ${cell(r.drill)} | ${cell(r.step)} | ${cell(r.saw)} | ${r.repeated} | ${r.lost} | ${cell(r.resolvedBy)} <!-- ${suite} --> |`,
  );
  writeFileSync(FILE, [...HEADER, ...kept, ...mine, ''].join('\n'));
}
