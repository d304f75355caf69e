/** Types for scripts/release-inputs.mjs (plain JavaScript: the release preflight runs it with node alone). */
export interface ReleaseInputs {
  publicKey: string | null;
  feedUrl: string | null;
  missing: string[];
}
export const KEY_FILE: 'build/release-key.pub';
export const FEED_FILE: 'build/update-feed.txt';
export function checkPublicKey(raw: string): string;
export function checkFeedUrl(raw: string): string;
export function readReleaseInputs(root?: string): ReleaseInputs;
export function releaseDefines(inputs: Pick<ReleaseInputs, 'publicKey' | 'feedUrl'>): Record<string, string>;
export function whyNoRelease(root?: string): string | null;
