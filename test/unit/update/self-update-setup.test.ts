import { describe, expect, it } from 'vitest';
import {
  selfUpdateSetup,
  UPDATE_TEST_FEED_VARIABLE,
  UPDATE_TEST_KEY_VARIABLE,
} from '@main/update/self-update-setup';

const KEY = Buffer.alloc(32, 7).toString('base64');
const FEED = 'https://updates.desk.test.com/desk/';
const installed = { isPackaged: true, platform: 'win32', appImage: undefined, env: {} };

describe('whether and how a build updates itself', () => {
  it('with its release key and update server: electron-updater, checked against that key', () => {
    expect(selfUpdateSetup({ ...installed, releaseKey: KEY, feedUrl: FEED })).toEqual({
      engine: 'electron-updater',
      feedUrl: FEED,
      publicKey: KEY,
    });
  });

  it('without its release key (or with one that is not a key): updates off, in words, whatever else it has', () => {
    for (const copy of [
      { ...installed, releaseKey: null },
      { ...installed, releaseKey: null, isPackaged: false },
      { ...installed, releaseKey: 'AAAA' },
    ])
      expect(selfUpdateSetup({ ...copy, feedUrl: FEED })).toEqual({
        engine: 'none',
        unavailable: expect.stringMatching(
          /^Updates are off in this build: it has no release key, .*never installs one it cannot check/,
        ),
      });
  });

  it('without an update server: updates off, in words', () => {
    expect(selfUpdateSetup({ ...installed, releaseKey: KEY, feedUrl: null })).toMatchObject({
      engine: 'none',
      unavailable: expect.stringMatching(
        /^Updates are off in this build: it was built without an update server/,
      ),
    });
  });

  it('still leaves a deb to the package manager and a copy run from sources alone', () => {
    const deb = { ...installed, platform: 'linux', releaseKey: KEY, feedUrl: FEED };
    expect(selfUpdateSetup(deb)).toMatchObject({ unavailable: expect.stringMatching(/package manager/) });
    expect(selfUpdateSetup({ ...deb, appImage: '/opt/md.AppImage' }).engine).toBe('electron-updater');
    expect(selfUpdateSetup({ ...deb, isPackaged: false })).toMatchObject({
      unavailable: expect.stringMatching(/runs from its sources/),
    });
  });

  it('lets a test point a copy run from sources at a loopback server with its own key; never a packaged copy', () => {
    const env = { [UPDATE_TEST_FEED_VARIABLE]: 'http://127.0.0.1:4100/', [UPDATE_TEST_KEY_VARIABLE]: KEY };
    const lines: string[] = [];
    const log = (line: string) => void lines.push(line);
    const fromSources = {
      isPackaged: false,
      platform: 'linux',
      appImage: undefined,
      releaseKey: null,
      feedUrl: null,
    };
    expect(selfUpdateSetup({ ...fromSources, env, log })).toEqual({
      engine: 'loopback',
      feedUrl: 'http://127.0.0.1:4100/',
      publicKey: KEY,
    });
    expect(lines).toEqual([]);
    // Packaged: ignored and logged; the build's own (here: none) decides.
    expect(selfUpdateSetup({ ...fromSources, isPackaged: true, env, log })).toMatchObject({
      engine: 'none',
      unavailable: expect.stringMatching(/no release key/),
    });
    expect(lines.at(-1)).toMatch(/are set and ignored: an installed Merchant Desk/);
    // A server that is not on loopback, a key that is not one, or one variable alone: ignored.
    for (const half of [
      { ...env, [UPDATE_TEST_FEED_VARIABLE]: 'http://updates.desk.test.com/' },
      { ...env, [UPDATE_TEST_KEY_VARIABLE]: 'not a key' },
      { [UPDATE_TEST_FEED_VARIABLE]: 'http://127.0.0.1:4100/' },
    ]) {
      expect(selfUpdateSetup({ ...fromSources, env: half, log }).engine).toBe('none');
      expect(lines.at(-1)).toMatch(/used together: an update server on loopback and a public key.*; ignored/);
    }
  });
});
