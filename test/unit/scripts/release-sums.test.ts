import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { sumsFor, verifySums } from '../../../scripts/release-sums.mjs';

const SCRIPT = fileURLToPath(new URL('../../../scripts/release-sums.mjs', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'md-release-sums-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let count = 0;

/** A release folder as the workflow gathers it: installers, the SBOM, a sub-folder that is not published. */
function release(): string {
  const dir = join(scratch, String(++count));
  mkdirSync(join(dir, 'unpacked'), { recursive: true });
  writeFileSync(join(dir, 'Merchant Desk Setup 0.1.0.exe'), 'windows installer');
  writeFileSync(join(dir, 'merchant-desk_0.1.0_amd64.deb'), 'debian package');
  writeFileSync(join(dir, 'sbom.cdx.json'), '{"bomFormat":"CycloneDX"}');
  writeFileSync(join(dir, 'unpacked', 'ignored.bin'), 'not a release file');
  return dir;
}
const hex = (text: string) => createHash('sha256').update(text).digest('hex');
const sumsCli = (...args: string[]) =>
  spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8', timeout: 30_000 });

describe('SHA256SUMS', () => {
  it("lists every file by name with its SHA-256, in sha256sum's format, and not sub-folders", async () => {
    const dir = release();
    expect(await sumsFor(dir)).toBe(
      [
        `${hex('windows installer')}  Merchant Desk Setup 0.1.0.exe`,
        `${hex('debian package')}  merchant-desk_0.1.0_amd64.deb`,
        `${hex('{"bomFormat":"CycloneDX"}')}  sbom.cdx.json`,
        '',
      ].join('\n'),
    );
  });

  it('writes the file, which then verifies; a changed, missing or unlisted file each fails', async () => {
    const dir = release();
    const written = sumsCli(dir);
    expect(written.status).toBe(0);
    expect(readFileSync(join(dir, 'SHA256SUMS'), 'utf8')).toBe(await sumsFor(dir));
    expect(await verifySums(dir)).toEqual([]);
    // Summing again leaves SHA256SUMS out of its own list.
    sumsCli(dir);
    expect(readFileSync(join(dir, 'SHA256SUMS'), 'utf8')).not.toContain('SHA256SUMS');

    writeFileSync(join(dir, 'merchant-desk_0.1.0_amd64.deb'), 'debian package, tampered');
    rmSync(join(dir, 'sbom.cdx.json'));
    writeFileSync(join(dir, 'extra.AppImage'), 'slipped in');
    expect(await verifySums(dir)).toEqual([
      'merchant-desk_0.1.0_amd64.deb: SHA-256 differs from SHA256SUMS',
      'sbom.cdx.json: listed but missing',
      'extra.AppImage: not listed in SHA256SUMS',
    ]);
    const verified = sumsCli('--verify', dir);
    expect(verified.status).toBe(1);
    expect(verified.stderr).toContain('release-sums: merchant-desk_0.1.0_amd64.deb: SHA-256 differs');
  });

  it('refuses an empty folder', async () => {
    const empty = join(scratch, 'empty');
    mkdirSync(empty);
    await expect(sumsFor(empty)).rejects.toThrow(/holds no files to sum/);
  });

  // Windows cannot name a file with a line break, so there is nothing to forge there.
  it.skipIf(process.platform === 'win32')('refuses a name that could forge a line', async () => {
    const dir = release();
    writeFileSync(join(dir, `a.exe\n${'0'.repeat(64)}  b.exe`), 'x');
    await expect(sumsFor(dir)).rejects.toThrow(/line break/);
  });

  it('reports a malformed line and a missing SHA256SUMS', async () => {
    const dir = release();
    expect(await verifySums(dir)).toEqual([`SHA256SUMS is missing from ${dir}`]);
    writeFileSync(join(dir, 'SHA256SUMS'), 'not a checksum line\n');
    expect((await verifySums(dir))[0]).toBe('malformed line in SHA256SUMS: "not a checksum line"');
  });
});
