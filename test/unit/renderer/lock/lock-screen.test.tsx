// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { App } from '@renderer/App';
import { useLockStore } from '@renderer/stores/lock-store';
import { recordAnnouncements } from '../announcements';
import { installDomMerchant } from '../dom-merchant';

beforeEach(() => useLockStore.setState({ locked: false, idleMinutes: null, unlocking: false, error: null }));
// The bridge goes, happy-dom's window stays: React may still finish scheduled work after a test.
afterEach(() => {
  cleanup();
  delete (window as { merchant?: unknown }).merchant;
});

const DECLINED = {
  ok: false,
  error: {
    kind: 'declined-in-main',
    message: 'You cancelled this in the confirmation window. Nothing was sent.',
  },
};

// Issue 26 item 2: the page shows the lock main decided on, and asks main to unlock.
describe('the lock screen', () => {
  it('replaces the whole desk when main locks it, and unlocks only with main’s answer', async () => {
    window.location.hash = '#/overview';
    const answers = [DECLINED, { ok: true, data: { locked: false, idleMinutes: 10 } }];
    const fake = installDomMerchant({
      'lock.status': () => ({ ok: true, data: { locked: false, idleMinutes: 10 } }),
      'lock.unlock': () => answers.shift(),
    });
    render(<App />);
    await waitFor(() => expect(fake.calls.map((c) => c.channel)).toContain('lock.status'));
    expect(screen.queryByTestId('lock-screen')).toBeNull();

    act(() => fake.emit('lock:changed', { locked: true, idleMinutes: 10 }));
    // Nothing of the desk at once, but words that say it is locked rather than an empty window; the lock
    // screen as soon as its code has arrived (a lazy part).
    expect(document.querySelector('nav')).toBeNull();
    expect(document.getElementById('main')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Locked. Opening the unlock screen');
    expect((await screen.findByTestId('lock-screen')).textContent).toContain(
      'locks after 10 minutes without use',
    );
    expect(document.activeElement?.textContent).toBe('Merchant Desk is locked');

    const user = userEvent.setup();
    await user.click(screen.getByTestId('lock-unlock'));
    await screen.findByText('The desk is still locked');
    expect(screen.getByTestId('lock-screen')).toBeTruthy();

    await user.click(screen.getByTestId('lock-unlock'));
    await waitFor(() => expect(screen.queryByTestId('lock-screen')).toBeNull());
    expect(document.querySelector('nav')).not.toBeNull();
    expect(fake.calls.filter((c) => c.channel === 'lock.unlock')).toHaveLength(2);
  });

  // The shell's announcements are a lazy part drawn beside the lock screen too: a lock and an unlock
  // must not make it say again what it said before (it was a hook of App's, which a lock never reset).
  it('says "offline" once across a lock, and still says what changes after it', async () => {
    window.location.hash = '#/overview';
    const fake = installDomMerchant({
      'lock.status': () => ({ ok: true, data: { locked: false, idleMinutes: 10 } }),
    });
    const { said, stop } = recordAnnouncements();
    render(<App />);
    await waitFor(() => expect(fake.calls.map((c) => c.channel)).toContain('lock.status'));
    const offline = { kind: 'transport', message: 'Could not connect (ECONNREFUSED).' } as const;
    await waitFor(() => {
      act(() => fake.emit('connection:status', { state: 'offline', error: offline, lastSuccessAt: null }));
      expect(said.some((m) => m.startsWith('Offline.'))).toBe(true);
    });

    act(() => fake.emit('lock:changed', { locked: true, idleMinutes: 10 }));
    await screen.findByTestId('lock-screen');
    act(() => fake.emit('lock:changed', { locked: false, idleMinutes: 10 }));
    await waitFor(() => expect(document.querySelector('nav')).not.toBeNull());
    act(() => fake.emit('connection:status', { state: 'online', error: null, lastSuccessAt: null }));
    await waitFor(() => expect(said.at(-1)).toBe('Back online.'));
    stop();
    expect(said.filter((m) => m.startsWith('Offline.'))).toHaveLength(1);
  });
});
