// `npm run check:electron`: says whether the Electron this project pins (package-lock.json, what
// `npm ci` installs and what the installers ship) is the newest patch of its major line in the npm
// registry. Electron's patches carry Chromium's security fixes, so falling behind is a warning, not a
// failure: the release workflow prints it on the run's summary. Without the network it says that it
// could not check, and still exits 0.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STABLE = /^(\d+)\.(\d+)\.(\d+)$/;

/** The Electron version package-lock.json pins (not package.json's range: the lock is what installs). */
export function pinnedElectron(root = ROOT) {
  const lock = JSON.parse(readFileSync(`${root}/package-lock.json`, 'utf8'));
  const version = lock.packages?.['node_modules/electron']?.version;
  if (typeof version !== 'string' || !STABLE.test(version))
    throw new Error(`package-lock.json pins no stable Electron version (found ${String(version)})`);
  return version;
}

const parts = (version) => version.split('.').map(Number);

/** The highest stable version of `major` among `versions` (pre-releases and other majors ignored). */
export function newestPatch(versions, major) {
  const line = versions.filter((v) => STABLE.test(v) && parts(v)[0] === major);
  line.sort((a, b) => {
    const [x, y] = [parts(a), parts(b)];
    return x[1] - y[1] || x[2] - y[2];
  });
  return line.at(-1) ?? null;
}

/**
 * Asks the registry for every published `electron@<major>` version, through npm itself (its
 * registry, proxy and certificate settings apply). Throws with npm's reason when it cannot answer.
 */
export function queryRegistry(major, env = process.env) {
  const args = ['view', `electron@${major}`, 'version', '--json'];
  // Under `npm run`, npm_execpath is npm's own script: run it with this node, no shell needed.
  const run = env.npm_execpath
    ? spawnSync(process.execPath, [env.npm_execpath, ...args], { env, encoding: 'utf8', timeout: 30_000 })
    : spawnSync('npm', args, { env, encoding: 'utf8', timeout: 30_000, shell: process.platform === 'win32' });
  // With --json npm reports a failure on stdout too, as { error: { code, summary } }.
  let answer;
  try {
    answer = JSON.parse(run.stdout);
  } catch {
    answer = undefined;
  }
  if (run.status !== 0 || answer === undefined || answer?.error) {
    const reason =
      answer?.error?.summary ??
      `${run.stderr ?? ''}\n${run.error?.message ?? ''}`
        .split('\n')
        .map((line) => line.replace(/^npm (error|ERR!)\s*/, '').trim())
        .find((line) => line && !/^(code|errno|syscall|A complete log)\b/.test(line));
    throw new Error(reason ?? `npm view exited with ${run.status ?? run.signal}`);
  }
  // One matching version comes back as a string, several as an array.
  return Array.isArray(answer) ? answer : [answer];
}

/**
 * Compares the pinned version with the newest patch of its major. `query(major)` returns the
 * registry's versions (or throws); the result's `status` is "current", "behind" or "unknown".
 */
export async function checkElectron({ pinned, query }) {
  const major = parts(pinned)[0];
  let newest;
  try {
    newest = newestPatch(await query(major), major);
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).split('\n')[0];
    return {
      status: 'unknown',
      message: `Electron ${pinned} is pinned; could not check for a newer ${major}.x patch (${reason}).`,
    };
  }
  if (newest === null)
    return {
      status: 'unknown',
      message: `Electron ${pinned} is pinned; the registry lists no stable ${major}.x version, so nothing was compared.`,
    };
  const [, pm, pp] = parts(pinned);
  const [, nm, np] = parts(newest);
  if (nm > pm || (nm === pm && np > pp))
    return {
      status: 'behind',
      newest,
      message:
        `Electron ${pinned} is pinned but ${newest} is the newest ${major}.x patch: ` +
        `run \`npm install -D -E electron@${newest} --ignore-scripts\` and commit package.json and package-lock.json.`,
    };
  return { status: 'current', newest, message: `Electron ${pinned} is the newest ${major}.x patch.` };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pinned = pinnedElectron();
  const result = await checkElectron({ pinned, query: (major) => queryRegistry(major) });
  // On GitHub Actions a warning annotation (it must start the line) puts it on the run's summary page.
  const prefix =
    result.status === 'behind' && process.env.GITHUB_ACTIONS === 'true'
      ? '::warning title=Electron is behind::'
      : 'check:electron: ';
  console.log(`${prefix}${result.message}`);
}
