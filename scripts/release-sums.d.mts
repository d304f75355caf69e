/** Types for scripts/release-sums.mjs (plain JavaScript: the release job runs it with node alone). */
export const SUMS: 'SHA256SUMS';
export function sumsFor(dir: string): Promise<string>;
export function verifySums(dir: string): Promise<string[]>;
