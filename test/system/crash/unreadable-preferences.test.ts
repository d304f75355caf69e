import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openWalletLabels } from '@main/app/modules/wallet-labels';
import { openAppSettings } from '@main/services/app-settings';

/** Files the desk starts without when they cannot be read: never overwritten by the next save. */
describe('an unreadable file the desk can start without is kept, not overwritten', () => {
  const kept = (dir: string, name: string) =>
    readdirSync(dir)
      .filter((f) => f.startsWith(`${name}.unreadable-`))
      .map((f) => readFileSync(join(dir, f), 'utf8'));

  it('wallet labels cut short: labels start empty, and the next label saved leaves the old file whole', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-labels-'));
    const damaged = '{"12":"Shop till","13":"Warehou';
    writeFileSync(join(dir, 'wallet-labels.json'), damaged);
    const warnings: string[] = [];
    const labels = openWalletLabels(dir, (line) => warnings.push(line));
    expect(await labels.get('12')).toBeNull();
    await labels.set('14', 'New till');
    expect(kept(dir, 'wallet-labels.json')).toEqual([damaged]);
    expect(JSON.parse(readFileSync(join(dir, 'wallet-labels.json'), 'utf8'))).toEqual({ '14': 'New till' });
    expect(warnings.join('\n')).toMatch(/kept as .*wallet-labels\.json\.unreadable-/);
  });

  it('settings from a newer version: defaults used, and saving a preference leaves the file whole', () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-settings-'));
    const newer = JSON.stringify({ version: 2, notifications: { enabled: false }, theme: 'dark' });
    writeFileSync(join(dir, 'settings.json'), newer);
    const settings = openAppSettings(dir, () => {});
    expect(settings.notifications()).toEqual({ enabled: true });
    settings.setNotifications({ enabled: false });
    expect(kept(dir, 'settings.json')).toEqual([newer]);
  });
});
