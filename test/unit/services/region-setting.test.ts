import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openAppSettings } from '@main/services/app-settings';

describe('the Region setting, kept with the desk’s settings', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-region-'));
    dirs.push(dir);
    return dir;
  };

  it('is none at first, kept across a restart, and cleared with null', () => {
    const dir = folder();
    expect(openAppSettings(dir).region()).toEqual({ region: null });
    expect(openAppSettings(dir).setRegion({ region: 'de-DE' })).toEqual({ region: 'de-DE' });
    expect(openAppSettings(dir).region()).toEqual({ region: 'de-DE' });
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ region: 'de-DE' });
    expect(openAppSettings(dir).setRegion({ region: null })).toEqual({ region: null });
  });

  it('refuses a tag Intl does not know, and keeps the one it had', () => {
    const dir = folder();
    const settings = openAppSettings(dir);
    settings.setRegion({ region: 'ja-JP' });
    expect(() => settings.setRegion({ region: 'zz-not-a-region-at-all-!' })).toThrow(/region such as/);
    expect(settings.region()).toEqual({ region: 'ja-JP' });
  });
});
