import { arch, release, type } from 'node:os';
import type { AboutView } from '@shared/domain/diagnostics';

/**
 * The versions of what runs main, read from the process itself: Electron and Chromium announce
 * theirs in process.versions; in plain Node (the browser test host, the tests) they are absent.
 */
export function runtimeVersions(): Pick<AboutView, 'electron' | 'chromium' | 'node' | 'os'> {
  const versions = process.versions as NodeJS.ProcessVersions & { electron?: string; chrome?: string };
  return {
    electron: versions.electron ?? null,
    chromium: versions.chrome ?? null,
    node: versions.node,
    os: `${type()} ${release()} (${process.platform}, ${arch()})`,
  };
}
