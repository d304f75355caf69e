import { existsSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UncheckedMerchantApi } from '@bridge';
import { INVOKE_CHANNELS, verbPath } from '@shared/ipc-channels';
import { checkedMerchant } from '@renderer/lib/merchant-api';
import { CONTENT_SECURITY_POLICY } from '@main/security/window-policy';
import { BUILT_PRELOAD, BUILT_RENDERER_PAGE, ensureBuilt } from '@test/helpers/built-app/build';
import { launchBuiltApp, quitBuiltApp, trustedSender, type BuiltApp } from '@test/helpers/built-app/launch';
import { runSandboxedPreload, type PreloadRun } from '@test/helpers/built-app/sandboxed-preload';

// The built bundles, not the sources: what electron-vite emitted is what ships.
const PASSPHRASE = 'the wiring desk passphrase';
let app: BuiltApp;
let preload: PreloadRun;
beforeAll(async () => {
  ensureBuilt();
  // The person presses the go-ahead button in main's confirmation window when the live profile is added,
  // then passes the desk passphrase check (no Touch ID here): typed twice to set it, once to check.
  app = await launchBuiltApp({ answers: [1], passphrases: [PASSPHRASE, PASSPHRASE, PASSPHRASE] });
  preload = runSandboxedPreload(BUILT_PRELOAD, app, { contents: app.contents[0]!, url: app.pageUrl });
}, 60_000);
afterAll(async () => {
  if (app) await quitBuiltApp(app);
});

const trusted = () => trustedSender(app);
type Answer = { ok: boolean; error?: { kind: string } };
type Verb = (request?: unknown) => Promise<Answer>;
const merchant = () => preload.exposed.get('merchant') as Record<string, Record<string, Verb>>;
const verbOf = (channel: (typeof INVOKE_CHANNELS)[number]) => {
  const [group, verb] = verbPath(channel);
  return merchant()[group]?.[verb];
};

describe('the built window', () => {
  it('opens one window with the secure preferences and a preload that exists', () => {
    expect(app.record.windows).toHaveLength(1);
    const prefs = app.record.windows[0]!.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    expect(prefs.preload).toBe(BUILT_PRELOAD);
    expect(existsSync(prefs.preload as string)).toBe(true);
  });

  it('denies navigation, redirects, webviews and new windows', () => {
    const contents = app.contents[0]!;
    for (const name of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
      let prevented = false;
      contents.emit(name, { preventDefault: () => (prevented = true) }, 'https://evil.example/');
      expect(prevented, name).toBe(true);
    }
    expect(contents.windowOpenHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
  });

  // Issue 26 item 6: the window's page comes from app://desk/, served from the built renderer folder.
  it('loads the page from the app scheme, which serves the built page with its CSP, and its script', async () => {
    expect(app.record.loadedUrls).toEqual([app.pageUrl]);
    const serve = app.record.protocol.handlers.get('app')!;
    const page = await serve(new Request(app.pageUrl));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    const script = /<script[^>]* src="([^"]+\.js)"/.exec(await page.text())?.[1];
    expect(script).toBeDefined();
    const code = await serve(new Request(new URL(script!, app.pageUrl)));
    expect([code.status, code.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
    expect((await serve(new Request('app://desk/%2e%2e/main/index.js'))).status).toBe(404);
  });

  it('sets the CSP header on every response, replacing a weaker one', () => {
    const listener = app.record.session.headersReceived!;
    let headers: Record<string, string[]> | undefined;
    listener(
      {
        url: app.pageUrl,
        responseHeaders: { 'Content-Security-Policy': ['default-src *'], 'X-Other': ['1'] },
      },
      (response) => (headers = response.responseHeaders),
    );
    expect(headers).toEqual({ 'Content-Security-Policy': [CONTENT_SECURITY_POLICY], 'X-Other': ['1'] });
    expect(CONTENT_SECURITY_POLICY).toMatch(/default-src 'none'/);
  });

  it('refuses permissions, except the clipboard write for the app page itself', () => {
    const request = app.record.session.permissionRequest!;
    const check = app.record.session.permissionCheck!;
    const ask = (permission: string, details: { requestingUrl?: string; isMainFrame?: boolean }) => {
      let granted: boolean | undefined;
      request({}, permission, (g) => (granted = g), details);
      return { granted, checked: check({}, permission, '', details) };
    };
    const page = { requestingUrl: app.pageUrl, isMainFrame: true };
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal'])
      expect(ask(permission, page), permission).toEqual({ granted: false, checked: false });
    expect(ask('clipboard-sanitized-write', page)).toEqual({ granted: true, checked: true });
    const elsewhere = { requestingUrl: 'https://evil.example/', isMainFrame: true };
    expect(ask('clipboard-sanitized-write', elsewhere)).toEqual({ granted: false, checked: false });
    expect(ask('clipboard-sanitized-write', { ...page, isMainFrame: false })).toEqual({
      granted: false,
      checked: false,
    });
  });
});

describe('the built preload under a sandboxed require', () => {
  it('requires nothing but electron, and exposes only the bridge', () => {
    expect([...new Set(preload.required)]).toEqual(['electron']);
    expect([...preload.exposed.keys()]).toEqual(['merchant']);
    const groups = [...new Set(INVOKE_CHANNELS.map((c) => c.split(':')[0]!))].sort();
    expect(Object.keys(merchant()).sort()).toEqual([...groups, 'on'].sort());
    // Named verbs only: functions in groups, nothing that is ipcRenderer or a transport.
    for (const [group, verbs] of Object.entries(merchant())) {
      if (group === 'on') continue;
      for (const [name, verb] of Object.entries(verbs))
        expect(typeof verb, `${group}.${name}`).toBe('function');
    }
    expect(Object.isFrozen(merchant())).toBe(true);
  });

  it('every bridge verb reaches a main handler, and every handler is reachable from the bridge', async () => {
    expect([...app.handlers.keys()].sort()).toEqual([...INVOKE_CHANNELS].sort());
    for (const channel of INVOKE_CHANNELS) {
      const verb = verbOf(channel);
      expect(verb, channel).toBeTypeOf('function');
      // A request no channel accepts: the handler is found (else 'unknown-channel'), then the request refused.
      const answer = await verb!(42);
      expect(preload.invoked.at(-1), `the verb for ${channel}`).toBe(channel);
      expect(answer, channel).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    }
  });

  it('a verb answers through main, and a push reaches the listener with its contract shape', async () => {
    // As the renderer reaches it: the built preload's verbs, checked by the renderer's wrapper.
    const checked = checkedMerchant(merchant() as unknown as UncheckedMerchantApi);
    const info = await checked.app.info();
    expect(info).toMatchObject({ ok: true, data: { version: '0.0.0-stand-in' } });
    const seen: unknown[] = [];
    const off = checked.on('journal:changed', (payload) => seen.push(payload));
    // A change carries the entry whole, as journal:list gives it.
    const entry = {
      id: '7',
      operation: 'createInvoice',
      profileId: 'sandbox',
      environment: 'sandbox',
      state: 'accepted',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      fields: {},
      externalIds: {},
      settlement: null,
      resolution: null,
      response: null,
      error: null,
    };
    app.contents[0]!.send('journal:changed', entry);
    app.contents[0]!.send('journal:changed', { ...entry, id: { not: 'an id' } });
    off();
    app.contents[0]!.send('journal:changed', { ...entry, id: '8' });
    expect(seen).toEqual([entry]);
  });
});

describe('the key through the built bridge', () => {
  it('lands in the keychain (the stand-in keytar), and in no answer or push', async () => {
    const KEY = 'sk_live_WIRING_NEVER_IN_AN_ANSWER_51d0';
    const answers: unknown[] = [];
    // Live profiles need the desk passphrase on a desk without Touch ID: set in main's own window.
    expect(await merchant().passphrase!.set!()).toMatchObject({ ok: true, data: { passphraseSet: true } });
    const prompt = app.record.windows.at(-1)!.options;
    expect(prompt).toMatchObject({ modal: true, webPreferences: { javascript: false, sandbox: true } });
    expect(prompt.webPreferences).not.toHaveProperty('preload');
    const created = await merchant().profiles!.create!({
      name: 'Acme live',
      environment: 'live',
      baseUrl: 'https://api.pay.example',
      merchantId: 'acme',
    });
    answers.push(created);
    expect(created).toMatchObject({ ok: true });
    // Asked in main's own native dialog, parented to the window, whose default button cancels.
    const box = app.record.messageBoxes.at(-1)!;
    expect(box).toMatchObject({ message: 'Add the live profile “Acme live”?', defaultId: 0 });
    expect(box.detail).toContain('https://api.pay.example');
    const id = (created as unknown as { data: { id: string } }).data.id;
    answers.push(await merchant().secrets!.set!({ profileId: id, apiKey: KEY }));
    answers.push(await merchant().secrets!.status!({ profileId: id }));
    expect(answers[1]).toMatchObject({ ok: true });
    expect([...app.keychain.values()].some((stored) => stored.includes(KEY))).toBe(true);
    expect(JSON.stringify(answers)).not.toContain(KEY);
    expect(JSON.stringify(app.record.sent)).not.toContain(KEY);
    expect(JSON.stringify([answers, app.record.sent])).not.toContain(PASSPHRASE);
  });
});

describe('main refuses callers that are not the app page', () => {
  const untrusted = {
    'another window': () => ({ sender: { id: 99 }, senderFrame: { url: app.pageUrl, parent: null } }),
    'a subframe': () => ({ ...trusted(), senderFrame: { url: app.pageUrl, parent: {} } }),
    'another page': () => ({ ...trusted(), senderFrame: { url: 'https://evil.example/', parent: null } }),
    'another file': () => ({ ...trusted(), senderFrame: { url: 'file:///tmp/evil.html', parent: null } }),
    'the built page opened as a file': () => ({
      ...trusted(),
      senderFrame: { url: pathToFileURL(BUILT_RENDERER_PAGE).href, parent: null },
    }),
    'no frame': () => ({ sender: { id: app.contents[0]!.id }, senderFrame: null }),
  };
  for (const [who, event] of Object.entries(untrusted)) {
    it(`refuses ${who} on every channel`, async () => {
      for (const channel of INVOKE_CHANNELS) {
        const answer = await app.invoke(channel, event(), undefined);
        expect(answer, channel).toMatchObject({ ok: false, error: { kind: 'forbidden-sender' } });
      }
    });
  }
  it('answers the app page itself', async () => {
    expect(await app.invoke('app:info', trusted(), undefined)).toMatchObject({ ok: true });
  });
});

describe('the built app starting and stopping', () => {
  it('quitting waits for the services to close before the app leaves', async () => {
    const run = await launchBuiltApp();
    expect(run.handlers.size).toBe(INVOKE_CHANNELS.length);
    run.electron.app.quit();
    // Held back while the services close, then let through.
    expect(run.record.quit).toBe(false);
    await run.done;
    expect(run.record.quit).toBe(true);
    expect(run.record.handlersAtExit).toBe(0);
  });

  it('a start-up failure shows its message, opens no window, and leaves', async () => {
    const userData = mkdtempSync(join(tmpdir(), 'md-wiring-'));
    writeFileSync(join(userData, 'profiles.json'), JSON.stringify({ version: 9, profiles: [] }));
    const run = await launchBuiltApp({ userData });
    await run.done;
    expect(run.record.windows).toHaveLength(0);
    expect(run.record.messageBoxes[0]?.message).toMatch(/newer version of Merchant Desk/);
    expect(run.record).toMatchObject({ lockReleased: true, exitCode: 1 });
  });

  it('a packaged build has DevTools off, and refuses a remote-debugging switch', async () => {
    const packaged = await launchBuiltApp({ isPackaged: true });
    expect(packaged.record.windows[0]!.options.webPreferences).toMatchObject({ devTools: false });
    await quitBuiltApp(packaged);
    const debug = await launchBuiltApp({ isPackaged: true, argv: ['--remote-debugging-port=9222'] });
    expect(debug.record).toMatchObject({ exitCode: 1, windows: [] });
    expect(debug.record.lockHeld).toBe(false);
  });
});
