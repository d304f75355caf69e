/**
 * Release versions as electron-builder writes them (semantic versions: 1.4.0, 1.5.0-beta.2). Only the
 * order matters here: an update must be strictly newer than the running app.
 */
const SEMVER =
  /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z.-]+)?$/;

interface Parsed {
  core: [bigint, bigint, bigint];
  pre: string[];
}

function parse(version: string): Parsed | null {
  const match = SEMVER.exec(version);
  if (!match) return null;
  return {
    core: [BigInt(match[1]!), BigInt(match[2]!), BigInt(match[3]!)],
    pre: match[4] === undefined ? [] : match[4].split('.'),
  };
}

export function isVersion(version: string): boolean {
  return parse(version) !== null;
}

const NUMERIC = /^\d+$/;

function comparePre(a: string[], b: string[]): number {
  // A release is newer than any of its pre-releases (1.5.0 > 1.5.0-beta.2).
  if (a.length === 0 || b.length === 0) return b.length - a.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    const xn = NUMERIC.test(x);
    const yn = NUMERIC.test(y);
    if (xn && yn) return BigInt(x) < BigInt(y) ? -1 : 1;
    if (xn !== yn) return xn ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

/** Negative when a is older than b, zero when they are the same release, positive when a is newer. */
export function compareVersions(a: string, b: string): number {
  const x = parse(a);
  const y = parse(b);
  if (!x || !y) throw new Error(`Not a release version: "${x ? b : a}".`);
  for (let i = 0; i < 3; i++) if (x.core[i] !== y.core[i]) return x.core[i]! < y.core[i]! ? -1 : 1;
  return comparePre(x.pre, y.pre);
}
