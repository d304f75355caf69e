import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The drill table of issue 13. Each drill file records its rows and, when it finishes, writes its
 * own part and renders test-results/drills.md from every part present: the files run in separate
 * workers, so no one of them sees the others' rows in memory. A part is written before the render,
 * so whichever file renders last sees them all.
 */
export interface DrillRow {
  drill: string;
  operation: string;
  saw: string;
  journal: string;
  repeated: number;
  lost: number;
  resolvedBy: string;
}

const ROOT = join(process.cwd(), 'test-results');
const PARTS = join(ROOT, 'drill-parts');

export function createDrillTable(part: string) {
  const rows: DrillRow[] = [];
  return {
    add(row: DrillRow): void {
      rows.push(row);
    },
    /** Call from afterAll. */
    write(): void {
      mkdirSync(PARTS, { recursive: true });
      atomicWrite(join(PARTS, `${part}.json`), JSON.stringify(rows, null, 1));
      const all = readdirSync(PARTS)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .flatMap((f) => JSON.parse(readFileSync(join(PARTS, f), 'utf8')) as DrillRow[]);
      atomicWrite(join(ROOT, 'drills.md'), renderDrillTable(all));
    },
  };
}

function atomicWrite(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, path);
}

const cell = (value: string | number): string =>
  String(value).replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

export function renderDrillTable(rows: readonly DrillRow[]): string {
  const head =
    '| drill | operation | what the user saw | journal state | writes repeated | records lost | resolved by |';
  const line = '|---|---|---|---|---|---|---|';
  const body = rows.map(
    (r) =>
      `| ${[r.drill, r.operation, r.saw, r.journal, r.repeated, r.lost, r.resolvedBy].map(cell).join(' | ')} |`,
  );
  const repeated = rows.reduce((n, r) => n + r.repeated, 0);
  const lost = rows.reduce((n, r) => n + r.lost, 0);
  return [
    '# Fault drills',
    '',
    `${rows.length} drills; writes repeated: ${repeated}; records lost: ${lost}.`,
    '',
    head,
    line,
    ...body,
    '',
  ].join('\n');
}
