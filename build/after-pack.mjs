// electron-builder's afterPack hook (named export, see build/electron-builder.yml): flips the Electron
// fuses of the packaged binary to the settings in build/fuses.json, before the app is signed. A fuse
// is compiled into the binary, so no environment variable or command-line switch can turn it back on.
import { readFileSync } from 'node:fs';
import { FuseV1Options, FuseVersion } from '@electron/fuses';

const SETTINGS_FILE = new URL('./fuses.json', import.meta.url);

/** The intended fuse settings, by @electron/fuses' FuseV1Options names. */
export function readFuseSettings(file = SETTINGS_FILE) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/**
 * The settings as @electron/fuses takes them. A name it does not know or a value that is not a
 * boolean stops the build: a typo must not ship an app with a fuse silently left at its default.
 */
export function fuseConfig(settings, platform) {
  const config = {
    version: FuseVersion.V1,
    // Flipping a fuse invalidates the ad-hoc signature of an unsigned arm64 macOS build.
    resetAdHocDarwinSignature: platform === 'darwin' || platform === 'mas',
  };
  for (const [name, value] of Object.entries(settings)) {
    const index = FuseV1Options[name];
    if (typeof index !== 'number') throw new Error(`build/fuses.json: unknown fuse "${name}"`);
    if (typeof value !== 'boolean') throw new Error(`build/fuses.json: fuse "${name}" must be true or false`);
    config[index] = value;
  }
  return config;
}

export async function afterPack(context) {
  const config = fuseConfig(readFuseSettings(), context.electronPlatformName);
  // electron-builder knows where the binary is on each platform (it names it per OS).
  await context.packager.addElectronFuses(context, config);
}
