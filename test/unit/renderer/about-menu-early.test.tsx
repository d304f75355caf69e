// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '@renderer/App';
import { installDomMerchant } from './dom-merchant';

// The About dialog's code arrives just after the first paint (shell/lazy-parts.ts); the Help menu's
// push is heard from the shell's start, so a click in between is not lost.
describe('the Help menu at start', () => {
  it('a Help → About from the menu before the first paint opens the dialog once its code arrives', async () => {
    window.location.hash = '#/overview';
    const fake = installDomMerchant({
      'app.about': () => ({
        ok: true,
        data: {
          version: '0.1.0',
          electron: null,
          chromium: null,
          node: '20',
          os: 'Linux',
          dataDir: '/d',
          logDir: '/l',
        },
      }),
    });
    render(<App />);
    fake.emit('app:menu', { action: 'about' });
    const dialog = (await screen.findByTestId('about-dialog')) as HTMLDialogElement;
    await waitFor(() => expect(dialog.open).toBe(true));
    cleanup();
    await new Promise((resolve) => setImmediate(resolve));
  });
});
