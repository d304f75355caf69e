import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import runTempFolder from '@test/helpers/run-temp-folder';

describe("the run's temp folder (Vitest's global setup)", () => {
  const before = process.env.TMPDIR;
  const names = ['TMPDIR', 'TEMP', 'TMP'] as const;
  const saved = names.map((name) => process.env[name]);
  afterEach(() => {
    names.forEach((name, i) => {
      if (saved[i] === undefined) delete process.env[name];
      else process.env[name] = saved[i];
    });
    vi.unstubAllEnvs();
  });

  it('is where this test file makes its temp folders', () => {
    // Set by vitest.config.ts's global setup before the workers started: they inherited it.
    expect(basename(tmpdir())).toMatch(/^md-test-run-/);
  });

  it('is made once, though Vitest runs the global setup once for each lane', () => {
    expect(process.env.MD_TEST_RUN_FOLDER).toBe(tmpdir());
    runTempFolder()();
    expect(tmpdir()).toBe(before);
    expect(existsSync(tmpdir())).toBe(true);
  });

  it('points os.tmpdir() at a new folder, and removes it with all inside at the end', () => {
    vi.stubEnv('MD_TEST_RUN_FOLDER', undefined);
    const end = runTempFolder();
    const folder = tmpdir();
    expect(basename(folder)).toMatch(/^md-test-run-/);
    expect(dirname(folder)).toBe(before);
    expect([process.env.TEMP, process.env.TMP]).toEqual([folder, folder]);
    mkdirSync(join(folder, 'md-app-x'));
    writeFileSync(join(folder, 'md-app-x', 'journal.sqlite'), 'data');
    end();
    expect(existsSync(folder)).toBe(false);
  });

  it('is kept with KEEP_TEST_TMP=1, and says where', () => {
    vi.stubEnv('MD_TEST_RUN_FOLDER', undefined);
    vi.stubEnv('KEEP_TEST_TMP', '1');
    const said = vi.spyOn(console, 'log').mockImplementation(() => {});
    const end = runTempFolder();
    const folder = tmpdir();
    end();
    expect(existsSync(folder)).toBe(true);
    expect(said).toHaveBeenCalledWith(expect.stringContaining(folder));
    said.mockRestore();
    rmSync(folder, { recursive: true });
  });
});
