// Rewrites deep relative imports in the tests as aliases (aliases.ts `testAliases`, tsconfig.base.json
// `paths`): `../../../src-main/app/x` becomes `@main/app/x`, `../../../src-renderer/src/shell/y`
// `@renderer/shell/y`, `../../helpers/z` `@test/helpers/z`. A test then reads the same wherever its lane
// puts it, and moving it changes none of its imports. Imports of a neighbour (`./x`, `../x` inside
// test/) stay relative. Idempotent: run it again after merging branches that add tests.
//
//   node scripts/test-aliases.mjs          rewrite in place, print each file changed
//   node scripts/test-aliases.mjs --check  change nothing; exit 1 and list the files it would change
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Longest prefix first: src-renderer/src before anything shorter. Same table as aliases.ts. */
export const ALIASES = [
  ['src-renderer/src/', '@renderer/'],
  ['src-main/', '@main/'],
  ['src-preload/', '@preload/'],
  ['src-shared/', '@shared/'],
  ['test/', '@test/'],
];

/**
 * Files another bundler builds for a browser page (their vite configs know only the app's aliases),
 * left as they are.
 */
const SKIP = [
  /^test\/bench\/bare-react\//,
  /^test\/bench\/electron-door\//,
  /^test\/system\/e2e\/host\/browser-bridge\.ts$/,
];

// A module specifier in: from '…', import '…', import('…'), vi.mock('…') and its kin.
const SPECIFIER =
  /(\bfrom\s+|\bimport\s+|\bimport\(\s*|\bvi\.(?:mock|doMock|unmock|doUnmock|importActual|importMock)\(\s*)(['"])(\.{1,2}\/[^'"]+)\2/g;

const posix = (path) => path.split(sep).join('/');

/** The alias for a relative specifier in `file` (repo-relative), or null to leave it. */
export function aliasFor(file, specifier) {
  const target = posix(relative(ROOT, join(ROOT, dirname(file), specifier)));
  if (target.startsWith('../')) return null;
  for (const [prefix, alias] of ALIASES) {
    const folder = prefix.slice(0, -1);
    if (target !== folder && !target.startsWith(prefix)) continue;
    // Inside test/, only imports that climb two folders or more: a neighbour stays a neighbour.
    if (alias === '@test/' && !specifier.startsWith('../../')) return null;
    return target === folder ? alias.slice(0, -1) : alias + target.slice(prefix.length);
  }
  return null;
}

/** The file's text with its deep relative imports as aliases. */
export function rewrite(file, text) {
  return text.replace(SPECIFIER, (whole, lead, quote, specifier, at) => {
    // Code quoted in a test (a lint rule's sample, say) is text, not an import: a quote earlier on the
    // line means the match sits inside a string.
    const before = text.slice(text.lastIndexOf('\n', at) + 1, at);
    if (/['"`]/.test(before)) return whole;
    const alias = aliasFor(file, specifier);
    return alias ? `${lead}${quote}${alias}${quote}` : whole;
  });
}

function testFiles(dir = join(ROOT, 'test')) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path);
    return /\.(ts|tsx|mts|mjs)$/.test(entry.name) ? [posix(relative(ROOT, path))] : [];
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes('--check');
  const changed = [];
  for (const file of testFiles()) {
    if (SKIP.some((pattern) => pattern.test(file))) continue;
    const text = readFileSync(join(ROOT, file), 'utf8');
    const next = rewrite(file, text);
    if (next === text) continue;
    changed.push(file);
    if (!check) writeFileSync(join(ROOT, file), next);
  }
  for (const file of changed) console.log(`${check ? 'would rewrite' : 'rewrote'} ${file}`);
  console.log(
    `test-aliases: ${changed.length} file(s) ${check ? 'with deep relative imports' : 'rewritten'}`,
  );
  if (check && changed.length) process.exitCode = 1;
}
