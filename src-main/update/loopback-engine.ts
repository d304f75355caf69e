import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { FeedRelease } from './feed';
import type { UpdateEngine } from './updater';

/**
 * An engine that downloads the file a feed names with fetch and "installs" by calling `install`: for a
 * copy run from sources that a test points at an update server on loopback (self-update-setup.ts; the
 * Electron end-to-end spec), and the Node tests. Everything main decides (the offer, the signature,
 * the moment) is the same as with electron-updater; only the download and the installer differ.
 */
export function loopbackEngine(deps: {
  feedUrl: string;
  fetch: typeof fetch;
  install: () => void;
  /** Where downloads go; a new folder under the system's temporary one by default. */
  downloadDir?: () => string;
}): UpdateEngine {
  const feed = new URL(deps.feedUrl);
  const downloadDir = deps.downloadDir ?? (() => mkdtempSync(join(tmpdir(), 'md-update-dl-')));
  return {
    async download(_channel, release: FeedRelease) {
      const name = release.files?.[0]?.url ?? release.path;
      if (!name) throw new Error(`the feed names no file for version ${release.version}`);
      const url = new URL(name, feed);
      // The feed names a file beside it; anything elsewhere is not this update server's to offer.
      if (url.origin !== feed.origin || !url.pathname.startsWith(feed.pathname))
        throw new Error(`the feed names a file outside the update server (${url.href})`);
      const response = await deps.fetch(url);
      if (!response.ok) throw new Error(`the update server answered ${response.status} for ${name}`);
      const file = join(downloadDir(), basename(decodeURIComponent(url.pathname)));
      writeFileSync(file, Buffer.from(await response.arrayBuffer()));
      return { file, version: release.version };
    },
    install: () => deps.install(),
  };
}
