import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { channelFileName, parseFeed, UPDATE_FEED_URL } from '@main/update/feed';

describe('the update feed', () => {
  it('names the channel file electron-updater reads on each system', () => {
    expect(channelFileName('stable', 'win32', 'x64')).toBe('latest.yml');
    expect(channelFileName('stable', 'darwin', 'arm64')).toBe('latest-mac.yml');
    expect(channelFileName('stable', 'linux', 'x64')).toBe('latest-linux.yml');
    expect(channelFileName('stable', 'linux', 'arm64')).toBe('latest-linux-arm64.yml');
    expect(channelFileName('early-access', 'win32', 'x64')).toBe('beta.yml');
    expect(channelFileName('early-access', 'darwin', 'x64')).toBe('beta-mac.yml');
  });

  it('reads what electron-builder writes, and refuses what it does not', () => {
    const text = [
      'version: 1.5.0',
      'files:',
      '  - url: Merchant-Desk-1.5.0.AppImage',
      '    sha512: abc==',
      '    size: 10',
      'path: Merchant-Desk-1.5.0.AppImage',
      'sha512: abc==',
      "releaseDate: '2026-11-26T08:00:00.000Z'",
      'stagingPercentage: 20',
    ].join('\n');
    expect(parseFeed(text)).toMatchObject({ version: '1.5.0', stagingPercentage: 20 });
    expect(() => parseFeed('version: latest')).toThrow('not an update feed (must be a release version)');
    expect(() => parseFeed('version: 1.5.0\nstagingPercentage: 150')).toThrow('not an update feed');
    expect(() => parseFeed('<html>')).toThrow('not an update feed');
  });

  it('takes no update server from build/electron-builder.yml: its URL there is a reserved name, never asked', () => {
    const config = load(readFileSync('build/electron-builder.yml', 'utf8')) as {
      publish: { provider: string; url: string };
    };
    expect(config.publish.provider).toBe('generic');
    expect(new URL(config.publish.url).hostname).toMatch(/\.invalid$/);
    // Sources run in Node have no build-time feed: only a build carries one (release-inputs.test.ts).
    expect(UPDATE_FEED_URL).toBeNull();
  });
});
