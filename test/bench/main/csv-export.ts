import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GeneratedJournal } from '../journal-generator';

export interface ExportRun {
  ms: number;
  growthMb: number;
  rows: number;
  bytes: number;
  ok: boolean;
}

const CHILD = fileURLToPath(new URL('./export-child.ts', import.meta.url));

/** One export of the whole journal in a child process (the journal is closed meanwhile: it is exclusive). */
export function csvExport(g: GeneratedJournal): ExportRun {
  g.suspend();
  try {
    const out = execFileSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', CHILD, g.file, join(g.dir, 'export.csv')],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const run = JSON.parse(out.trim().split('\n').pop()!) as ExportRun;
    if (run.rows < g.rows) throw new Error(`the export wrote ${run.rows} of ${g.rows} entries`);
    return run;
  } finally {
    g.resume();
  }
}
