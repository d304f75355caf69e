/** Types for build/after-pack.mjs (plain JavaScript, since electron-builder loads it without a compiler). */
export type FuseSettings = Record<string, boolean>;
export function readFuseSettings(file?: URL | string): FuseSettings;
export function fuseConfig(
  settings: FuseSettings,
  platform: string,
): { version: string; resetAdHocDarwinSignature: boolean } & Record<number, boolean>;
export function afterPack(context: {
  electronPlatformName: string;
  appOutDir: string;
  packager: { addElectronFuses(context: unknown, config: unknown): Promise<number> };
}): Promise<void>;
