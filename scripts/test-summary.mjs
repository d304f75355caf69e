// Reads the output of `npm test` (vitest, then Playwright) and prints one closing line that any CI
// can read: "Summary: N passed, N failed, N skipped". It only adds up what the runners said.
import { readFileSync } from 'node:fs';

const lines = readFileSync(process.argv[2] ?? 0, 'utf8')
  // Runners colour their output; the escape character is exactly what must be matched here.
  // eslint-disable-next-line no-control-regex
  .replace(/\x1b\[[0-9;]*m/g, '')
  .split('\n');
const totals = { passed: 0, failed: 0, skipped: 0 };
const add = (text) => {
  for (const [, n, kind] of text.matchAll(/(\d+) (passed|failed|skipped)/g)) totals[kind] += Number(n);
};

for (const line of lines) {
  // vitest: "      Tests  381 passed | 2 skipped (383)" (its "Test Files" line counts files, not tests).
  if (/^\s*Tests\s+\d/.test(line)) add(line);
  // Playwright's closing block: "  9 passed (27.4s)", "  42 passed (3.6m)", "  1 failed", "  9 skipped".
  else if (/^\s*\d+ (passed|failed|skipped)( \([\d.]+(ms|s|m|h)\))?\s*$/.test(line)) add(line);
}
console.log(`Summary: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
