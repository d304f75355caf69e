import { execFile } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { extractAll } from '@electron/asar';

const execFileAsync = promisify(execFile);

/**
 * The probes' stdout is read as data: a FORCE_COLOR inherited from a test runner (Playwright sets it
 * when it shares the terminal) would wrap what they print in colour codes.
 */
const plainChild = (dir: string) => ({ cwd: dir, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } });

/** The bare module names the built main process imports (statically or with `import()`). */
export function importsOfMain(mainDir: string): string[] {
  const names = new Set<string>();
  for (const file of readdirSync(mainDir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.js')) continue;
    const code = readFileSync(join(mainDir, file), 'utf8');
    // `from` as a keyword follows a space or `}` (a string's last word "from" is followed by its quote).
    for (const match of code.matchAll(/(?:(?<=[\s}])from\s*|\bimport\s*\(\s*)["']([^"'./][^"']*)["']/g)) {
      const name = match[1]!;
      if (!name.startsWith('node:') && name !== 'electron') names.add(name);
    }
  }
  return [...names].sort();
}

/**
 * Extracts app.asar with app.asar.unpacked laid over it (how Electron sees the two) into `dir`, and in a
 * plain Node child started inside its out/main resolves each name as main's ES imports do. Returns the
 * names that do not resolve to a file present in the packed copy.
 */
export async function unresolvedInPackedCopy(
  resources: string,
  dir: string,
  names: string[],
): Promise<string[]> {
  extractAll(join(resources, 'app.asar'), dir);
  cpSync(join(resources, 'app.asar.unpacked'), dir, { recursive: true });
  const probe = join(dir, 'out', 'main', 'probe-resolve.mjs');
  writeFileSync(
    probe,
    [
      "import { existsSync } from 'node:fs';",
      "import { fileURLToPath } from 'node:url';",
      'const missing = [];',
      'for (const name of JSON.parse(process.argv[2])) {',
      '  try { if (!existsSync(fileURLToPath(import.meta.resolve(name)))) missing.push(name); }',
      '  catch { missing.push(name); }',
      '}',
      'console.log(JSON.stringify(missing));',
    ].join('\n'),
  );
  const { stdout } = await execFileAsync(process.execPath, [probe, JSON.stringify(names)], plainChild(dir));
  return JSON.parse(stdout) as string[];
}

/** Runs ES module code in a plain Node child inside the packed copy's out/main; returns its stdout. */
export async function runInPackedCopy(dir: string, code: string): Promise<string> {
  const file = join(dir, 'out', 'main', 'probe-run.mjs');
  writeFileSync(file, code);
  const { stdout } = await execFileAsync(process.execPath, [file], plainChild(dir));
  return stdout.trim();
}
