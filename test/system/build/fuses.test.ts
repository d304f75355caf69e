import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FuseV1Options, flipFuses, getCurrentFuseWire } from '@electron/fuses';
import { describe, expect, it } from 'vitest';
import { afterPack, fuseConfig, readFuseSettings } from '../../../build/after-pack.mjs';
import { FuseState, writePlaceholderBinary } from './placeholder-electron';

describe('Electron fuses for packaged builds', () => {
  it('names every required setting in build/fuses.json', () => {
    expect(readFuseSettings()).toMatchObject({
      RunAsNode: false,
      EnableNodeOptionsEnvironmentVariable: false,
      EnableNodeCliInspectArguments: false,
      EnableCookieEncryption: true,
      EnableEmbeddedAsarIntegrityValidation: true,
      OnlyLoadAppFromAsar: true,
      // Issue 26 item 6: the renderer is served from app://desk/, so file: pages need no extra powers.
      GrantFileProtocolExtraPrivileges: false,
    });
  });

  it('is applied by the packaging step (electron-builder afterPack)', () => {
    const config = readFileSync(join(__dirname, '../../../build/electron-builder.yml'), 'utf8');
    expect(config).toMatch(/^afterPack: \.\/build\/after-pack\.mjs$/m);
  });

  it('flips the fuses of the packaged binary where electron-builder puts it', async () => {
    const appOutDir = mkdtempSync(join(tmpdir(), 'md-fuses-'));
    const binary = writePlaceholderBinary(join(appOutDir, 'merchant-desk'));
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
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(FuseState.DISABLE);
  });

  it('stops the build on a fuse name it does not know or a value that is not a boolean', () => {
    expect(() => fuseConfig({ RunAsNod: false }, 'linux')).toThrow(/unknown fuse "RunAsNod"/);
    expect(() => fuseConfig({ RunAsNode: 'no' } as never, 'linux')).toThrow(/true or false/);
  });
});
