import { describe, expect, it } from 'vitest';
import { APP_ENTRY_URL } from '@main/security/app-protocol';
import { appUrlCheck, createSenderCheck } from '@main/security/sender';

const check = createSenderCheck({
  trustedUrl: appUrlCheck(new URL(APP_ENTRY_URL)),
  webContentsIds: () => new Set([7]),
});

describe('sender check', () => {
  it('trusts the app window showing the app page', () => {
    expect(
      check({
        sender: { id: 7 },
        senderFrame: { url: 'app://desk/index.html', parent: null },
      }),
    ).toBe(true);
  });
  it.each([
    [
      'another webContents',
      { sender: { id: 8 }, senderFrame: { url: 'app://desk/index.html', parent: null } },
    ],
    ['a sub-frame', { sender: { id: 7 }, senderFrame: { url: 'app://desk/index.html', parent: {} } }],
    [
      'a remote page',
      { sender: { id: 7 }, senderFrame: { url: 'https://evil.example/index.html', parent: null } },
    ],
    [
      'another local file',
      { sender: { id: 7 }, senderFrame: { url: 'file:///tmp/evil.html', parent: null } },
    ],
    // Issue 26 item 6: the built renderer opened as a file is not the app page any more.
    [
      'the renderer file itself',
      { sender: { id: 7 }, senderFrame: { url: 'file:///opt/app/out/renderer/index.html', parent: null } },
    ],
    [
      'another page of the app scheme',
      { sender: { id: 7 }, senderFrame: { url: 'app://desk/assets/other.html', parent: null } },
    ],
    [
      'another host of the app scheme',
      { sender: { id: 7 }, senderFrame: { url: 'app://evil/index.html', parent: null } },
    ],
    ['no frame', { sender: { id: 7 }, senderFrame: null }],
    ['a garbage url', { sender: { id: 7 }, senderFrame: { url: 'not a url', parent: null } }],
  ])('refuses %s', (_label, event) => {
    expect(check(event)).toBe(false);
  });
  it('trusts the loopback dev server only when one is configured', () => {
    const dev = createSenderCheck({
      trustedUrl: appUrlCheck(new URL(APP_ENTRY_URL), 'http://localhost:5173'),
      webContentsIds: () => new Set([1]),
    });
    expect(dev({ sender: { id: 1 }, senderFrame: { url: 'http://localhost:5173/', parent: null } })).toBe(
      true,
    );
    expect(dev({ sender: { id: 1 }, senderFrame: { url: 'http://localhost:5174/', parent: null } })).toBe(
      false,
    );
  });
});
