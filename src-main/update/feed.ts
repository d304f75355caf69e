import { CORE_SCHEMA, load } from 'js-yaml';
import { z } from 'zod';
import type { UpdateChannel } from '@shared/domain/updates';
import { isVersion } from './version';

/**
 * Where desks look for updates: the `publish:` URL of build/electron-builder.yml (a test keeps the two
 * the same). electron-builder writes `app-update.yml` from it for electron-updater; main reads the
 * channel file itself, too, to decide before anything is downloaded (updater.ts).
 */
export const UPDATE_FEED_URL = 'https://updates.merchantdesk.example/desk/';

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
