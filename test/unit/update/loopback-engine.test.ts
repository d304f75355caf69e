import { describe, expect, it } from 'vitest';
import { loopbackEngine } from '@main/update/loopback-engine';

describe('the loopback engine', () => {
  it('downloads only a file beside the feed', async () => {
    const asked: string[] = [];
    const engine = loopbackEngine({
      feedUrl: 'http://127.0.0.1:4100/desk/',
      fetch: async (url) => (asked.push(String(url)), new Response('bytes')),
      install: () => {},
    });
    await expect(
      engine.download('stable', { version: '1.5.0', path: 'http://elsewhere.test/x.AppImage' }),
    ).rejects.toThrow('outside the update server');
    await expect(engine.download('stable', { version: '1.5.0', path: '../x.AppImage' })).rejects.toThrow(
      'outside the update server',
    );
    await expect(engine.download('stable', { version: '1.5.0' })).rejects.toThrow('names no file');
    expect(asked).toEqual([]);
    const got = await engine.download('stable', {
      version: '1.5.0',
      files: [{ url: 'Merchant-Desk-1.5.0.AppImage' }],
    });
    expect(got).toMatchObject({
      version: '1.5.0',
      file: expect.stringMatching(/Merchant-Desk-1\.5\.0\.AppImage$/),
    });
    expect(asked).toEqual(['http://127.0.0.1:4100/desk/Merchant-Desk-1.5.0.AppImage']);
  });
});
