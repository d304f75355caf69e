// The security scan of CI: Electronegativity over the sources (main, preload, renderer and the shared
// code, staged together so its whole-app checks see the CSP, the navigation limits and the permission
// handler where they are) and over the built output (out/). Fails on any high or medium finding that
// the allowlist (scripts/security-scan-allowlist.json: check, file, sample, reason) does not justify,
// and on any file it could not read. Offline it prints "Could not retrieve updated translations" and a
// failed release lookup: harmless, the Electron version is given from node_modules.
//
// Its runner is called directly rather than its CLI's CSV or SARIF file: the CLI writes the CSV header
// and the rows with two unordered asynchronous writes, so the header can overwrite rows (seen here as
// a truncated row) or the whole report, which would read as "no findings"; and its SARIF has no
// severity. The runner returns the findings themselves.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Anything else (high, medium, or a level this wrapper does not know) blocks: fail closed.
const MINOR = new Set(['LOW', 'INFORMATIONAL']);

/** The runner's issues as findings; `prefix` is the scanned folder as the repository names it. */
export function toFindings(issues, prefix) {
  return issues.map((issue) => ({
    check: String(issue.id),
    severity: String(issue.severity?.name ?? 'UNKNOWN').toUpperCase(),
    confidence: String(issue.confidence?.name ?? ''),
    // Whole-app checks (no CSP anywhere, no navigation limits) name no file.
    file: issue.file && issue.file !== 'N/A' ? `${prefix}/${issue.file}` : `${prefix}/(whole app)`,
    location: issue.location ? `${issue.location.line}:${issue.location.column}` : '0:0',
    sample: typeof issue.sample === 'string' ? issue.sample : 'N/A',
    description: String(issue.description ?? ''),
  }));
}

/** Each entry justifies one check in one file (and, with `sample`, only findings whose code holds it). */
export function readAllowlist(json) {
  const entries = JSON.parse(json);
  if (!Array.isArray(entries)) throw new Error('the allowlist must be a JSON array');
  entries.forEach((entry, i) => {
    for (const key of ['check', 'file', 'reason'])
      if (typeof entry?.[key] !== 'string' || entry[key].trim() === '')
        throw new Error(`allowlist entry ${i} needs a non-empty "${key}"`);
    if (entry.sample !== undefined && typeof entry.sample !== 'string')
      throw new Error(`allowlist entry ${i}: "sample" must be a string`);
  });
  return entries;
}

/** Splits findings into blocking, justified and minor (low or informational), and names unused entries. */
export function triage(findings, allowlist) {
  const used = new Set();
  const result = { blocking: [], allowed: [], minor: [], unused: [] };
  for (const finding of findings) {
    if (MINOR.has(finding.severity)) {
      result.minor.push(finding);
      continue;
    }
    const entry = allowlist.find(
      (e) =>
        e.check === finding.check &&
        e.file === finding.file &&
        (e.sample === undefined || finding.sample.includes(e.sample)),
    );
    if (!entry) {
      result.blocking.push(finding);
      continue;
    }
    used.add(entry);
    result.allowed.push({ ...finding, reason: entry.reason });
  }
  result.unused = allowlist.filter((entry) => !used.has(entry));
  return result;
}

const describeFinding = (f) =>
  `${f.severity} ${f.check} ${f.file}:${f.location} ${f.sample === 'N/A' ? '' : f.sample}`;

async function scan(input, prefix, electronVersion) {
  const runner = await import('@doyensec/electronegativity');
  const run = runner.default.default ?? runner.default;
  const result = await run({
    input,
    isRelative: true,
    electronVersionOverride: electronVersion,
    customScan: [],
    excludeFromScan: [],
    parserPlugins: [],
  });
  if (result.errors.length)
    throw new Error(
      `Electronegativity could not read ${result.errors.length} file(s) in ${prefix}: ${JSON.stringify(result.errors.slice(0, 5))}`,
    );
  return toFindings(result.issues, prefix);
}

async function main() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  if (!existsSync(join(root, 'out/main/index.js')))
    throw new Error('out/ is missing: run `npm run build` first');
  const electronVersion = JSON.parse(
    readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8'),
  ).version;
  const work = mkdtempSync(join(tmpdir(), 'md-security-scan-'));
  try {
    const sources = join(work, 'sources');
    for (const dir of ['src-main', 'src-preload', 'src-renderer', 'src-shared'])
      cpSync(join(root, dir), join(sources, dir), { recursive: true });
    const findings = [
      ...(await scan(sources, 'sources', electronVersion)).map((f) => ({
        ...f,
        file: f.file.replace(/^sources\//, ''),
      })),
      ...(await scan(join(root, 'out'), 'out', electronVersion)),
    ];
    const allowlist = readAllowlist(readFileSync(join(root, 'scripts/security-scan-allowlist.json'), 'utf8'));
    const { blocking, allowed, minor, unused } = triage(findings, allowlist);
    for (const f of minor) console.log(`minor:     ${describeFinding(f)}`);
    for (const f of allowed) console.log(`justified: ${describeFinding(f)}\n           (${f.reason})`);
    for (const e of unused) console.log(`unused allowlist entry: ${e.check} ${e.file} ${e.sample ?? ''}`);
    for (const f of blocking) console.log(`BLOCKING:  ${describeFinding(f)}\n           ${f.description}`);
    console.log(
      `Security scan (Electronegativity, Electron ${electronVersion}): ${blocking.length} blocking, ${allowed.length} justified, ${minor.length} minor.`,
    );
    return blocking.length === 0 ? 0 : 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = await main();
