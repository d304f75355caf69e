// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UpdateStatus } from '@contract';
import { UpdatesSetting } from '@renderer/features/settings/UpdatesSetting';
import { useUpdatesStore } from '@renderer/features/settings/updates-store';
import { installDomMerchant } from '../dom-merchant';

const base: UpdateStatus = {
  currentVersion: '1.4.0',
  channel: 'stable',
  state: 'up-to-date',
  version: null,
  message: null,
  checkedAt: '2026-11-26T08:00:00.000Z',
};

beforeEach(() => useUpdatesStore.setState({ status: null, busy: false, error: null, errorTitle: '' }));
afterEach(() => {
  cleanup();
  delete (window as { merchant?: unknown }).merchant;
});

describe('Settings → Updates', () => {
  it('draws no early-access box while the status loads, so it never reads "off" before main answers', async () => {
    let answer: (value: unknown) => void = () => undefined;
    installDomMerchant({ 'updates.status': () => new Promise((resolve) => (answer = resolve)) });
    render(<UpdatesSetting />);
    expect(screen.getByTestId('updates-state').textContent).toBe('Loading…');
    expect(screen.queryByTestId('updates-early-access')).toBeNull();
    await act(async () => answer({ ok: true, data: { ...base, channel: 'early-access' } }));
    expect((screen.getByTestId('updates-early-access') as HTMLInputElement).checked).toBe(true);
  });

  it("a copy that does not update itself says so once, and gives main's more exact reason beside it", async () => {
    const unavailable = { ...base, state: 'unavailable' as const, checkedAt: null };
    const answers = [
      { ...unavailable, message: 'This copy of Merchant Desk does not update itself.' },
      { ...unavailable, message: 'Merchant Desk does not update itself on deb: use your package manager.' },
    ];
    installDomMerchant({ 'updates.status': () => ({ ok: true, data: answers.shift()! }) });
    render(<UpdatesSetting />);
    await waitFor(() => expect(screen.getByTestId('updates-state').dataset.state).toBe('unavailable'));
    expect(screen.getAllByText(/does not update itself/)).toHaveLength(1);
    cleanup();
    useUpdatesStore.setState({ status: null });
    render(<UpdatesSetting />);
    expect((await screen.findByTestId('updates-message')).textContent).toContain('on deb');
  });

  it('offers "Restart and update" only for a verified download, and shows main\'s refusal in words', async () => {
    let restartAnswer: unknown = {
      ok: false,
      error: {
        kind: 'update-refused',
        message: 'Not restarting now: a reconciliation session is open. Close it first, then restart.',
      },
    };
    const fake = installDomMerchant({
      'updates.status': () => ({ ok: true, data: base }),
      'updates.check': () => ({ ok: true, data: { ...base, state: 'checking' } }),
      'updates.restart': () => restartAnswer,
    });
    render(<UpdatesSetting />);
    await waitFor(() => expect(screen.getByTestId('updates-state').textContent).toBe('Up to date.'));
    expect(screen.getByText(/You are running version 1\.4\.0/)).toBeTruthy();
    expect(screen.queryByTestId('updates-restart')).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByTestId('updates-check'));
    await waitFor(() =>
      expect(screen.getByTestId('updates-state').textContent).toBe('Asking the update server…'),
    );
    act(() =>
      fake.emit('updates:changed', {
        ...base,
        state: 'ready',
        version: '1.5.0',
        message: 'Version 1.5.0 is downloaded and its signature checked.',
      }),
    );
    const restart = await screen.findByTestId('updates-restart');
    expect(restart.textContent).toBe('Restart and update to 1.5.0');
    await user.click(restart);
    expect(await screen.findByText(/a reconciliation session is open\. Close it first/)).toBeTruthy();
    expect(screen.getByText('Nothing was installed.')).toBeTruthy();

    restartAnswer = { ok: true, data: { ...base, state: 'ready', version: '1.5.0' } };
    await user.click(screen.getByTestId('updates-restart'));
    await waitFor(() => expect(screen.queryByText('Nothing was installed.')).toBeNull());
    expect(fake.calls.filter((c) => c.channel === 'updates.restart')).toHaveLength(2);
  });

  it('switches to early access through main, and says why a copy does not update itself', async () => {
    const fake = installDomMerchant({
      'updates.status': () => ({
        ok: true,
        data: { ...base, state: 'unavailable', message: "Your system's package manager updates it." },
      }),
      'updates.setChannel': (request) => ({
        ok: true,
        data: { ...base, state: 'unavailable', channel: (request as { channel: string }).channel },
      }),
    });
    render(<UpdatesSetting />);
    expect(await screen.findByText("Your system's package manager updates it.")).toBeTruthy();
    expect((screen.getByTestId('updates-check') as HTMLButtonElement).disabled).toBe(true);
    const box = screen.getByTestId('updates-early-access') as HTMLInputElement;
    await userEvent.setup().click(box);
    await waitFor(() => expect(box.checked).toBe(true));
    expect(fake.calls.filter((c) => c.channel === 'updates.setChannel').map((c) => c.request)).toEqual([
      { channel: 'early-access' },
    ]);
  });

  it('says the status could not be read, not that something was not installed', async () => {
    installDomMerchant({
      'updates.status': () => ({ ok: false, error: { kind: 'internal', message: 'main is busy' } }),
    });
    render(<UpdatesSetting />);
    expect(await screen.findByText('The update status could not be read.')).toBeTruthy();
    expect(screen.queryByText('Nothing was installed.')).toBeNull();
  });
});
