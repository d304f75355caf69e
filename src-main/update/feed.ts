import { CORE_SCHEMA, load } from 'js-yaml';
import { z } from 'zod';
import type { UpdateChannel } from '@shared/domain/updates';
import { isVersion } from './version';

/** Set by electron-vite from build/update-feed.txt (scripts/release-inputs.mjs); absent when tests run sources. */
declare const __MD_UPDATE_FEED_URL__: string | null | undefined;

/**
 * Where this build's desks look for updates (a folder, ending in "/"), from build/update-feed.txt at
 * build time: main reads the channel file there itself, to decide before anything is downloaded
 * (updater.ts), and points electron-updater at the same folder (electron-engine.ts). Null in a build
 * without it, whose updates are then off (self-update-setup.ts).
 */
export const UPDATE_FEED_URL: string | null =
  typeof __MD_UPDATE_FEED_URL__ === 'string' ? __MD_UPDATE_FEED_URL__ : null;

/**
 * The channel file electron-updater reads for this system: latest.yml (Windows), latest-mac.yml,
 * latest-linux.yml (latest-linux-arm64.yml off x64); "beta" in place of "latest" for early access.
 */
export function channelFileName(channel: UpdateChannel, platform: string, arch: string): string {
  const name = channel === 'early-access' ? 'beta' : 'latest';
  if (platform === 'darwin') return `${name}-mac.yml`;
  if (platform === 'linux') return `${name}-linux${arch === 'x64' ? '' : `-${arch}`}.yml`;
  return `${name}.yml`;
}

/** What main uses of a channel file (electron-builder writes more: files, sizes, release notes). */
export const FeedRelease = z.object({
  version: z.string().refine(isVersion, 'must be a release version'),
  // electron-builder writes a whole number; anything else is not a percentage this desk can honour.
  stagingPercentage: z.number().int().min(0).max(100).optional(),
  releaseDate: z.string().optional(),
  // The file to download, relative to the feed: electron-builder lists it in files[] (and in path).
  files: z.array(z.object({ url: z.string().min(1) })).optional(),
  path: z.string().min(1).optional(),
});
export type FeedRelease = z.infer<typeof FeedRelease>;

/** Parses a channel file's text; throws with the reason when it is not one. */
export function parseFeed(text: string): FeedRelease {
  // The core schema: plain data only (no YAML tags, no dates turned into objects).
  const data = load(text, { schema: CORE_SCHEMA });
  const parsed = FeedRelease.safeParse(data);
  if (!parsed.success)
    throw new Error(`not an update feed (${parsed.error.issues[0]?.message ?? 'unreadable'})`);
  return parsed.data;
}
