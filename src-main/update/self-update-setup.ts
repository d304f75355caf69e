import { whyNoSelfUpdate } from './electron-engine';
import { publicKeyFromBase64 } from './release-signature';

/** The switch a test sets on a copy run from sources: the update server on loopback and its own key. */
export const UPDATE_TEST_FEED_VARIABLE = 'MERCHANT_DESK_UPDATE_TEST_FEED';
export const UPDATE_TEST_KEY_VARIABLE = 'MERCHANT_DESK_UPDATE_TEST_KEY';

export type SelfUpdateSetup =
  | { engine: 'none'; unavailable: string }
  /** electron-updater in an installed copy; the loopback engine in a test's copy run from sources. */
  | { engine: 'electron-updater' | 'loopback'; feedUrl: string; publicKey: string };

const LOOPBACK = /^http:\/\/(127\.0\.0\.1|\[::1\]|localhost)(:\d+)?\//;

const isKey = (raw: string) => {
  try {
    publicKeyFromBase64(raw);
    return true;
  } catch {
    return false;
  }
};

/**
 * Whether and how this copy updates itself, decided once at start (src-main/index.ts). A build without
 * the release key's public half or an update server (build/release-key.pub, build/update-feed.txt)
 * has updates off and says so: it never downloads, so it never has anything unchecked to install.
 * A copy run from sources may be pointed at a local update server with a test's own key (the Electron
 * end-to-end spec); a packaged copy ignores that switch, like the data-folder one (data-folder.ts).
 */
export function selfUpdateSetup(copy: {
  isPackaged: boolean;
  platform: string;
  appImage: string | undefined;
  /** The build's own (release-key.ts, feed.ts). */
  releaseKey: string | null;
  feedUrl: string | null;
  env: Readonly<Record<string, string | undefined>>;
  log?: (line: string) => void;
}): SelfUpdateSetup {
  const testFeed = copy.env[UPDATE_TEST_FEED_VARIABLE];
  const testKey = copy.env[UPDATE_TEST_KEY_VARIABLE];
  if (testFeed || testKey) {
    if (copy.isPackaged)
      copy.log?.(
        `${UPDATE_TEST_FEED_VARIABLE}/${UPDATE_TEST_KEY_VARIABLE} are set and ignored: an installed Merchant Desk takes updates only from its own server, checked with its own key.`,
      );
    else if (testFeed && testKey && LOOPBACK.test(testFeed) && isKey(testKey))
      return { engine: 'loopback', feedUrl: testFeed, publicKey: testKey };
    else
      copy.log?.(
        `${UPDATE_TEST_FEED_VARIABLE} and ${UPDATE_TEST_KEY_VARIABLE} are used together: an update server on loopback and a public key (32 bytes, base64); ignored.`,
      );
  }
  // scripts/release-inputs.mjs checked the build's key already; a copy that still has a broken one
  // must start with updates off rather than fail to start.
  if (copy.releaseKey === null || !isKey(copy.releaseKey))
    return {
      engine: 'none',
      unavailable:
        'Updates are off in this build: it has no release key, so it could not check that a new version really comes from Merchant Desk. It never installs one it cannot check; ask whoever installs your software for new versions.',
    };
  if (copy.feedUrl === null)
    return {
      engine: 'none',
      unavailable:
        'Updates are off in this build: it was built without an update server to ask. Ask whoever installs your software for new versions.',
    };
  const unavailable = whyNoSelfUpdate(copy);
  if (unavailable) return { engine: 'none', unavailable };
  return { engine: 'electron-updater', feedUrl: copy.feedUrl, publicKey: copy.releaseKey };
}
