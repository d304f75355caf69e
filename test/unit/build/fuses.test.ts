import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FuseV1Options, flipFuses, getCurrentFuseWire } from '@electron/fuses';
import { describe, expect, it } from 'vitest';
import { afterPack, fuseConfig, readFuseSettings } from '../../../build/after-pack.mjs';

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
// How the wire stores a fuse: the characters '0' (off) and '1' (on).
const FuseState = { DISABLE: 0x30, ENABLE: 0x31 };

/**
 * A stand-in for an Electron binary: the fuse wire as Electron 45 ships it (run as node, NODE_OPTIONS
 * and --inspect on; cookie encryption, asar integrity and asar-only off), between other bytes.
 */
function fakeElectron(dir: string, name: string): string {
  const file = join(dir, name);
  const wire = '10110001';
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from('\x7fELF…code…'),
      Buffer.from(SENTINEL),
      Buffer.from([1, wire.length]),
      Buffer.from(wire),
      Buffer.from('…more code…'),
    ]),
  );
  return file;
}

describe('Electron fuses for packaged builds', () => {
  it('names every required setting in build/fuses.json', () => {
    expect(readFuseSettings()).toMatchObject({
      RunAsNode: false,
      EnableNodeOptionsEnvironmentVariable: false,
      EnableNodeCliInspectArguments: false,
      EnableCookieEncryption: true,
      EnableEmbeddedAsarIntegrityValidation: true,
      OnlyLoadAppFromAsar: true,
    });
  });

  it('is applied by the packaging step (electron-builder afterPack)', () => {
    const config = readFileSync(join(__dirname, '../../../build/electron-builder.yml'), 'utf8');
    expect(config).toMatch(/^afterPack: \.\/build\/after-pack\.mjs$/m);
  });

  it('flips the fuses of the packaged binary where electron-builder puts it', async () => {
    const appOutDir = mkdtempSync(join(tmpdir(), 'md-fuses-'));
    const binary = fakeElectron(appOutDir, 'merchant-desk');
    // What electron-builder's LinuxPackager.addElectronFuses does: the executable in appOutDir.
    const packager = {
      addElectronFuses: (_context: unknown, config: unknown) =>
        flipFuses(join(appOutDir, 'merchant-desk'), config as Parameters<typeof flipFuses>[1]),
    };
    await afterPack({ electronPlatformName: 'linux', appOutDir, packager });
    const wire = await getCurrentFuseWire(binary);
    expect(wire[FuseV1Options.RunAsNode]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FuseState.ENABLE);
  });

  it('stops the build on a fuse name it does not know or a value that is not a boolean', () => {
    expect(() => fuseConfig({ RunAsNod: false }, 'linux')).toThrow(/unknown fuse "RunAsNod"/);
    expect(() => fuseConfig({ RunAsNode: 'no' } as never, 'linux')).toThrow(/true or false/);
  });
});
