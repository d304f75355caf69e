/** Types for scripts/check-electron.mjs (plain JavaScript, so `npm run check:electron` needs no compiler). */
export interface ElectronCheck {
  status: 'current' | 'behind' | 'unknown';
  newest?: string;
  message: string;
}
export function pinnedElectron(root?: string): string;
export function newestPatch(versions: readonly string[], major: number): string | null;
export function queryRegistry(major: number, env?: NodeJS.ProcessEnv): string[];
export function checkElectron(options: {
  pinned: string;
  query: (major: number) => readonly string[] | Promise<readonly string[]>;
}): Promise<ElectronCheck>;
