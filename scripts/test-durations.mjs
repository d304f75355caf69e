// Writes scripts/test-durations.json, the seconds each slow test file took, for the order in which
// Vitest starts them (scripts/vitest-order.ts). From a JSON report of a whole run:
//   npx vitest run --reporter=default --reporter=json --outputFile=/tmp/vitest.json
//   node scripts/test-durations.mjs /tmp/vitest.json
// Files under a second are left out: the order only matters for the long ones.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = fileURLToPath(new URL('./test-durations.json', import.meta.url));
const MIN_SECONDS = 1;

const report = process.argv[2];
if (!report) {
  console.error('usage: node scripts/test-durations.mjs <vitest JSON report>');
  process.exit(2);
}
const { testResults } = JSON.parse(readFileSync(report, 'utf8'));
const rows = testResults
  .map((file) => [
    relative(ROOT, file.name).split('\\').join('/'),
    Math.round((file.endTime - file.startTime) / 100) / 10,
  ])
  .filter(([, seconds]) => seconds >= MIN_SECONDS)
  .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
writeFileSync(OUT, `${JSON.stringify(Object.fromEntries(rows), null, 2)}\n`);
console.log(`test-durations: ${rows.length} files of ${testResults.length} take ${MIN_SECONDS} s or more`);
