import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '@test/helpers/built-app/build';
import { launchBuiltApp, quitBuiltApp, trustedSender, type BuiltApp } from '@test/helpers/built-app/launch';

type MenuItem = { label?: string; role?: string; click?: () => void; submenu?: MenuItem[] };

// The built main bundle with the Electron stand-in: what ships is what writes the log and the menu.
let app: BuiltApp;
beforeAll(async () => {
  ensureBuilt();
  app = await launchBuiltApp();
}, 60_000);
afterAll(async () => {
  if (app) await quitBuiltApp(app);
});

const trusted = () => trustedSender(app);

describe('the built app: log file, Help menu and the export dialog', () => {
  it('writes its log to logs/main.log in the data folder, starting with its versions', () => {
    const log = readFileSync(join(app.userData, 'logs', 'main.log'), 'utf8');
    expect(log).toMatch(/\[info\]\s+Merchant Desk 0\.0\.0-stand-in starting \(Electron undefined/);
  });

  it('Help → Export diagnostics… and About ask the window over app:menu', () => {
    const help = (app.record.menu as MenuItem[]).find((m) => m.label === 'Help')?.submenu ?? [];
    help.find((i) => i.label === 'Export diagnostics…')?.click?.();
    help.find((i) => i.label === 'About Merchant Desk')?.click?.();
    expect(app.record.sent.filter((s) => s.channel === 'app:menu')).toEqual([
      { channel: 'app:menu', payload: { action: 'export-diagnostics' } },
      { channel: 'app:menu', payload: { action: 'about' } },
    ]);
  });

  it('the export offers a zip in a save dialog; cancelling it saves nothing', async () => {
    const answer = await app.invoke('diagnostics:export', trusted(), undefined);
    expect(answer).toEqual({ ok: true, data: { path: null, files: [], bytes: 0 } });
    const shown = app.record.saveDialogs.at(-1);
    expect(shown?.filters).toEqual([{ name: 'Zip archive', extensions: ['zip'] }]);
    expect(String(shown?.defaultPath)).toMatch(/merchant-desk-diagnostics-[\d-]+\.zip$/);
  });

  it('app:about names the data folder and the log folder inside it', async () => {
    const answer = (await app.invoke('app:about', trusted(), undefined)) as {
      ok: boolean;
      data: { dataDir: string; logDir: string; version: string };
    };
    expect(answer.ok).toBe(true);
    expect(answer.data).toMatchObject({
      version: '0.0.0-stand-in',
      dataDir: app.userData,
      logDir: join(app.userData, 'logs'),
    });
  });
});
