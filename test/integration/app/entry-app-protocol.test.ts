import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { APP_ENTRY_URL } from '@main/security/app-protocol';
import { entryLauncher } from '@test/helpers/entry-launch';

// src-main/index.ts imports `electron`; here that import is the stand-in of the running test.
const current = vi.hoisted(() => ({ electron: {} as Record<string, unknown> }));
vi.mock('electron', async () => (await import('@test/helpers/entry-launch')).electronModule(current));

const launch = entryLauncher(current);

// Issue 26 item 6: the window shows app://desk/, a privileged scheme of the app's own, not a file.
describe('the entry serves the renderer from its own scheme', () => {
  it('registers app: as standard and secure, loads the page from it, and trusts only that page', async () => {
    const run = await launch(mkdtempSync(join(tmpdir(), 'md-proto-entry-')));
    expect(run.record.protocol.privileged).toEqual([
      expect.objectContaining({
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true }),
      }),
    ]);
    expect(run.record.protocol.handlers.has('app')).toBe(true);
    expect(run.record.loadedUrls).toEqual([APP_ENTRY_URL]);

    const from = (url: string) => ({
      sender: { id: run.contents[0]!.id },
      senderFrame: { url, parent: null },
    });
    expect(await run.invoke('app:info', from(APP_ENTRY_URL), undefined)).toMatchObject({ ok: true });
    // The same page opened as a file is no longer the app.
    const asFile = pathToFileURL(join(__dirname, '../../../out/renderer/index.html')).href;
    expect(await run.invoke('app:info', from(asFile), undefined)).toMatchObject({
      ok: false,
      error: { kind: 'forbidden-sender' },
    });
    // Nothing outside the renderer folder comes through the scheme.
    const handler = run.record.protocol.handlers.get('app')!;
    expect((await handler(new Request('app://desk/%2e%2e/main/index.js'))).status).toBe(404);
  });
});
