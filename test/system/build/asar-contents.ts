import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { getRawHeader } from '@electron/asar';

export interface ArchivedFile {
  /** Path inside the archive, always with forward slashes. */
  path: string;
  size: number;
  /** Stored beside the archive, in app.asar.unpacked. */
  unpacked: boolean;
}

/** What build/asar-manifest.json records: version-free, so a routine patch bump leaves it alone. */
export interface AsarManifest {
  /** The app's own files; names under assets/ and chunks/ carry content hashes, kept as `*.ext`. */
  app: string[];
  /** Every package in the archive, by name. */
  packages: string[];
  /** The packages stored outside the archive (native addons and what loads them). */
  unpackedPackages: string[];
  /** The compiled addons, as paths inside their packages. */
  addons: string[];
}

interface HeaderNode {
  files?: Record<string, HeaderNode>;
  size?: number;
  unpacked?: boolean;
}

/** Every file in an asar archive, read from its header. */
export function archivedFiles(archive: string): ArchivedFile[] {
  const files: ArchivedFile[] = [];
  const walk = (node: HeaderNode, prefix: string): void => {
    for (const [name, child] of Object.entries(node.files ?? {})) {
      const path = prefix ? `${prefix}/${name}` : name;
      if (child.files) walk(child, path);
      else files.push({ path, size: child.size ?? 0, unpacked: child.unpacked === true });
    }
  };
  walk(getRawHeader(archive).header as HeaderNode, '');
  return files;
}

/** `node_modules/a/node_modules/@s/b/lib/x.js` → `{ name: '@s/b', rest: 'lib/x.js' }` (the innermost package). */
export function packageOf(path: string): { name: string; rest: string } | null {
  const at = path.lastIndexOf('node_modules/');
  if (at < 0) return null;
  const parts = path.slice(at + 'node_modules/'.length).split('/');
  const width = parts[0]?.startsWith('@') ? 2 : 1;
  return { name: parts.slice(0, width).join('/'), rest: parts.slice(width).join('/') };
}

function collapseAppPath(path: string): string {
  const slash = path.lastIndexOf('/');
  const dir = path.slice(0, slash);
  if (!/(^|\/)(assets|chunks)$/.test(dir)) return path;
  const base = path.slice(slash + 1);
  return `${dir}/*${base.slice(base.indexOf('.'))}`;
}

const sorted = (values: Iterable<string>): string[] => [...new Set(values)].sort();

/** The archive's contents as the manifest records them. */
export function manifestOf(files: ArchivedFile[]): AsarManifest {
  const own = files.filter((f) => !packageOf(f.path));
  const deps = files.map((f) => ({ file: f, pkg: packageOf(f.path) })).filter((d) => d.pkg !== null);
  return {
    app: sorted(own.map((f) => collapseAppPath(f.path))),
    packages: sorted(deps.map((d) => d.pkg!.name)),
    unpackedPackages: sorted(deps.filter((d) => d.file.unpacked).map((d) => d.pkg!.name)),
    addons: sorted(
      deps.filter((d) => d.file.path.endsWith('.node')).map((d) => `${d.pkg!.name}/${d.pkg!.rest}`),
    ),
  };
}

/** A package's dependencies; optional ones may be absent (another platform's, for instance). */
function manifestDependencies(packageDir: string): Array<{ name: string; optional: boolean }> {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    optionalDependencies?: Record<string, string>;
  };
  const optional = Object.keys(manifest.optionalDependencies ?? {});
  return [
    ...Object.keys(manifest.dependencies ?? {}).filter((name) => !optional.includes(name)),
    ...optional,
  ].map((name) => ({ name, optional: optional.includes(name) }));
}

/** Node's lookup: the nearest node_modules/<name> from `fromDir` upwards. */
function resolvePackageDir(fromDir: string, name: string): string | null {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(dir) === dir) return null;
  }
}

/**
 * The packages main can load at run time: the app's `dependencies` and theirs, transitively, without
 * descending into `cut` (install-time or command-line packages the packaging leaves out on purpose).
 */
export function runtimePackages(projectDir: string, cut: readonly string[]): string[] {
  const seen = new Set<string>();
  const names = new Set<string>();
  const queue = [{ from: projectDir, deps: manifestDependencies(projectDir) }];
  while (queue.length > 0) {
    const { from, deps } = queue.pop()!;
    for (const { name, optional } of deps) {
      if (cut.includes(name)) continue;
      const dir = resolvePackageDir(from, name);
      if (!dir) {
        if (optional) continue;
        throw new Error(`${name} (a dependency of ${from}) is not installed`);
      }
      if (seen.has(dir)) continue;
      seen.add(dir);
      names.add(name);
      queue.push({ from: dir, deps: manifestDependencies(dir) });
    }
  }
  return sorted(names);
}
