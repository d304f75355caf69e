/** Types for scripts/check-native-source.mjs (plain JavaScript: the release job runs it with node alone). */
export function nativePackages(lockPath?: string): string[];
export function prebuildCache(env?: NodeJS.ProcessEnv): string;
export function checkNativeSource(options: { modules: string; packages: readonly string[]; cache: string }): {
  ok: boolean;
  problems: string[];
  addons: { path: string; sha256: string }[];
};
export function checkPacked(options: {
  packed: string;
  packages: readonly string[];
  addons: readonly { path: string; sha256: string }[];
}): string[];
