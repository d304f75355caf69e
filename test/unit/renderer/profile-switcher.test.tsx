// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Announcer } from '@renderer/components/Announcer';
import { useAnnouncerStore } from '@renderer/components/announcer';
import { windowTitle } from '@renderer/shell/environment-words';
import { ProfileSwitcher } from '@renderer/shell/ProfileSwitcher';
import { useShellStore } from '@renderer/stores/shell-store';
import { useShellAnnouncements } from '@renderer/shell/use-shell-announcements';
import { recordAnnouncements } from './announcements';
import { ACME, SANDBOX, installDomMerchant } from './dom-merchant';

const initial = useShellStore.getState();

function Shell() {
  useShellAnnouncements();
  return (
    <>
      <ProfileSwitcher />
      <Announcer />
    </>
  );
}

let activated: string[];
beforeEach(() => {
  activated = [];
  useAnnouncerStore.setState({ polite: '', assertive: '' });
  installDomMerchant({
    'profiles.activate': (request) => {
      const id = (request as { id: string }).id;
      activated.push(id);
      return { ok: true, data: { profiles: [SANDBOX, ACME], activeId: id } };
    },
  });
  useShellStore.setState({ ...initial, profiles: [SANDBOX, ACME], activeId: 'sandbox' }, true);
});
afterEach(cleanup);

describe('profile switcher: a menu button that never switches on an arrow key', () => {
  it('is a button with a menu popup, not a select', () => {
    render(<Shell />);
    const button = screen.getByRole('button', { name: /Profile Sandbox/ });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('moves focus with arrows and type-ahead, switches nothing, and Escape returns focus', async () => {
    const user = userEvent.setup();
    render(<Shell />);
    const button = screen.getByRole('button', { name: /Profile Sandbox/ });
    button.focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const items = screen.getAllByRole('menuitemradio');
    expect(items.map((i) => i.getAttribute('aria-checked'))).toEqual(['true', 'false']);
    expect(document.activeElement).toBe(items[0]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await user.keyboard('{ArrowDown}{ArrowUp}{ArrowDown}a');
    expect(activated).toEqual([]);
    expect(useShellStore.getState().activeId).toBe('sandbox');
    await user.keyboard('{Escape}');
    expect(menu.isConnected).toBe(false);
    expect(document.activeElement).toBe(button);
    expect(activated).toEqual([]);
  });

  it('switches on Enter, keeps focus on the button and announces LIVE with real funds', async () => {
    const user = userEvent.setup();
    render(<Shell />);
    const button = screen.getByRole('button', { name: /Profile Sandbox/ });
    button.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(useShellStore.getState().activeId).toBe('p-live'));
    expect(activated).toEqual(['p-live']);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('profile-switcher'));
    await waitFor(() =>
      expect(screen.getByTestId('announcer').textContent).toContain('Switched to Acme — LIVE, real funds'),
    );
  });

  it('switches on a click on an item, and announces the way back to the Sandbox', async () => {
    useShellStore.setState({ activeId: 'p-live' });
    const user = userEvent.setup();
    render(<Shell />);
    await user.click(screen.getByTestId('profile-switcher'));
    await user.click(screen.getByRole('menuitemradio', { name: /Sandbox/ }));
    await waitFor(() => expect(useShellStore.getState().activeId).toBe('sandbox'));
    await waitFor(() =>
      expect(screen.getByTestId('announcer').textContent).toContain(
        'Switched to Sandbox — Sandbox, play money',
      ),
    );
  });

  it('names each profile once, with its environment in words (no "Sandbox (Sandbox)")', async () => {
    const user = userEvent.setup();
    render(<Shell />);
    await user.click(screen.getByTestId('profile-switcher'));
    const texts = screen.getAllByRole('menuitemradio').map((i) => i.textContent ?? '');
    expect(texts[0]).toMatch(/Sandbox.*play money/);
    expect(texts[0]).not.toMatch(/Sandbox.*Sandbox/i);
    expect(texts[1]).toMatch(/Acme.*LIVE · real funds/);
  });

  it('puts the environment in the window title', () => {
    expect(windowTitle(ACME, 'Rates')).toBe('LIVE · Acme · Rates — Merchant Desk');
    expect(windowTitle(SANDBOX, 'Overview')).toBe('SANDBOX · Sandbox · Overview — Merchant Desk');
  });

  it('announces nothing while the connection only ticks, and going offline once', async () => {
    render(<Shell />);
    const { said, stop } = recordAnnouncements();
    const online = { state: 'online' as const, error: null, lastSuccessAt: '2026-01-01T10:00:00Z' };
    act(() => useShellStore.getState().setConnection(online));
    act(() => useShellStore.getState().markRefreshed('2026-01-01T10:00:05Z'));
    act(() => useShellStore.getState().markRefreshed('2026-01-01T10:00:10Z'));
    act(() =>
      useShellStore.getState().setConnection({
        state: 'offline',
        error: {
          kind: 'transport',
          message: 'Could not connect to the service for getCoinRates (ECONNREFUSED); nothing was sent.',
        },
        lastSuccessAt: online.lastSuccessAt,
      }),
    );
    await waitFor(() => expect(screen.getByTestId('announce-assertive').textContent).toMatch(/^Offline\./));
    expect(screen.getByTestId('announcer').textContent).not.toMatch(/ECONNREFUSED|getCoinRates/);
    // The ticks before it said nothing: going offline is the one thing said.
    stop();
    expect(said).toEqual([expect.stringMatching(/^Offline\./)]);
  });
});
