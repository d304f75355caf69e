import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAboutStore } from '@renderer/features/about/about-store';
import { installFakeMerchant, removeFakeMerchant, type FakeMerchant } from './fake-merchant';

const ABOUT = {
  version: '0.1.0',
  electron: null,
  chromium: null,
  node: '20.20.2',
  os: 'Linux 6 (linux, x64)',
  dataDir: '/home/a/.config/Merchant Desk',
  logDir: '/home/a/.config/Merchant Desk/logs',
};
const SAVED = { path: '/home/a/diag.zip', files: ['README.txt', 'about.json'], bytes: 2048 };

let fake: FakeMerchant;
let stop: () => void;
let exportAnswer: () => unknown;
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  exportAnswer = () => ({ ok: true, data: SAVED });
  fake = installFakeMerchant({
    'app.about': () => ({ ok: true, data: ABOUT }),
    'diagnostics.export': () => exportAnswer(),
  });
  useAboutStore.setState({ open: false, about: null, error: null, exported: { state: 'idle' } });
  stop = useAboutStore.getState().listen();
});
afterEach(() => {
  stop();
  removeFakeMerchant();
});

describe('the About dialog store', () => {
  it('Help → About opens the dialog and reads the versions, without exporting', async () => {
    fake.emit('app:menu', { action: 'about' });
    await settle();
    expect(useAboutStore.getState()).toMatchObject({ open: true, about: ABOUT, exported: { state: 'idle' } });
    expect(fake.calls.map((c) => c.channel)).toEqual(['app.about']);
  });

  it('Help → Export diagnostics opens it and exports once, even when asked twice at once', async () => {
    fake.emit('app:menu', { action: 'export-diagnostics' });
    fake.emit('app:menu', { action: 'export-diagnostics' });
    await settle();
    expect(useAboutStore.getState().exported).toEqual({ state: 'saved', result: SAVED });
    expect(fake.calls.filter((c) => c.channel === 'diagnostics.export')).toHaveLength(1);
  });

  it('says when the save dialog was closed, and when the export failed', async () => {
    exportAnswer = () => ({ ok: true, data: { path: null, files: [], bytes: 0 } });
    await useAboutStore.getState().exportDiagnostics();
    expect(useAboutStore.getState().exported).toEqual({ state: 'cancelled' });
    const error = { kind: 'internal', message: 'The diagnostics could not be saved to /x (EACCES).' };
    exportAnswer = () => ({ ok: false, error });
    await useAboutStore.getState().exportDiagnostics();
    expect(useAboutStore.getState().exported).toEqual({ state: 'failed', error });
  });

  it('ignores a menu push that is not in the contract', async () => {
    fake.emit('app:menu', { action: 'quit' });
    await settle();
    expect(useAboutStore.getState().open).toBe(false);
    expect(fake.calls).toEqual([]);
  });
});
