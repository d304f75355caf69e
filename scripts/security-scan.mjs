// The security scan of CI: Electronegativity over the sources (main, preload, renderer and the shared
// code, staged together so its whole-app checks see the CSP, the navigation limits and the permission
// handler where they are) and over the built output (out/). Fails on any high or medium finding that
// the allowlist (scripts/security-scan-allowlist.json: check, file, sample, reason) does not justify.
// Offline it prints "Could not retrieve updated translations" and a failed release lookup: harmless,
// the Electron version is given from node_modules.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BLOCKING = new Set(['HIGH', 'MEDIUM']);

/** RFC 4180 rows: quoted fields may hold commas, newlines and doubled quotes. */
export function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') endField();
    else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else field += char;
  }
  if (field !== '' || row.length) endRow();
  return rows.filter((r) => r.some((cell) => cell.trim() !== ''));
}

/** Electronegativity's CSV as findings; `prefix` is the scanned folder as the repository names it. */
export function parseFindings(csv, prefix) {
  const [header, ...rows] = parseCsv(csv);
  if (!header) throw new Error('the scan wrote no CSV header');
  const names = header.map((name) => name.trim());
  const at = (name) => {
    const index = names.indexOf(name);
    if (index < 0) throw new Error(`the scan's CSV has no "${name}" column (columns: ${names.join(', ')})`);
    return index;
  };
  const col = Object.fromEntries(
    ['issue', 'severity', 'confidence', 'filename', 'location', 'sample', 'description'].map((n) => [
      n,
      at(n),
    ]),
  );
  return rows.map((cells) => {
    const file = cells[col.filename].trim();
    return {
      check: cells[col.issue].trim(),
      severity: cells[col.severity].trim().toUpperCase(),
      confidence: cells[col.confidence].trim(),
      file: file === 'N/A' ? `${prefix}/(whole app)` : `${prefix}/${file}`,
      location: cells[col.location].trim(),
      sample: cells[col.sample].trim(),
      description: cells[col.description].trim(),
    };
  });
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
    if (!BLOCKING.has(finding.severity)) {
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

function scan(root, target, prefix, electronVersion, work) {
  const csv = join(work, `${prefix.replace(/\W/g, '_')}.csv`);
  const bin = join(root, 'node_modules/@doyensec/electronegativity/dist/index.js');
  const run = spawnSync(
    process.execPath,
    [bin, '-i', target, '-o', csv, '-r', '-v', 'false', '-e', electronVersion],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  if (!existsSync(csv))
    throw new Error(`Electronegativity wrote no results for ${prefix}:\n${run.stdout}\n${run.stderr}`);
  return parseFindings(readFileSync(csv, 'utf8'), prefix);
}

function main() {
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
      ...scan(root, sources, 'sources', electronVersion, work).map((f) => ({
        ...f,
        file: f.file.replace(/^sources\//, ''),
      })),
      ...scan(root, join(root, 'out'), 'out', electronVersion, work),
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

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) process.exitCode = main();
