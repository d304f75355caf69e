import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openUpdatePrefs } from '@main/update/update-prefs';

describe('the update channel preference', () => {
  it('starts on the stable channel and keeps a choice across restarts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-prefs-'));
    expect(openUpdatePrefs(dir, () => {}).channel()).toBe('stable');
    openUpdatePrefs(dir, () => {}).setChannel('early-access');
    expect(JSON.parse(readFileSync(join(dir, 'updates.json'), 'utf8'))).toEqual({
      version: 1,
      channel: 'early-access',
    });
    expect(openUpdatePrefs(dir, () => {}).channel()).toBe('early-access');
  });

  it('falls back to the stable channel, and says so, when the file cannot be read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-prefs-'));
    writeFileSync(join(dir, 'updates.json'), '{"version":1,"channel":"nightly"}');
    const warnings: string[] = [];
    expect(openUpdatePrefs(dir, (w) => warnings.push(w)).channel()).toBe('stable');
    expect(warnings[0]).toMatch(/updates\.json could not be read, the stable channel is used/);
  });
});
