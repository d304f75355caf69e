// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IdleLockSetting } from '@renderer/shell/IdleLockSetting';
import { useLockStore } from '@renderer/stores/lock-store';
import { installDomMerchant } from '../dom-merchant';

beforeEach(() => useLockStore.setState({ locked: false, idleMinutes: null, unlocking: false, error: null }));
// The bridge goes, happy-dom's window stays: React may still finish scheduled work after a test.
afterEach(() => {
  cleanup();
  delete (window as { merchant?: unknown }).merchant;
});

describe('the idle lock setting', () => {
  it('shows main’s minutes, sends a change to main, refuses nonsense here, and locks on request', async () => {
    let minutes = 10;
    const fake = installDomMerchant({
      'lock.status': () => ({ ok: true, data: { locked: false, idleMinutes: minutes } }),
      'lock.setIdleMinutes': (request) => {
        minutes = (request as { minutes: number }).minutes;
        return { ok: true, data: { locked: false, idleMinutes: minutes } };
      },
      'lock.lock': () => ({ ok: true, data: { locked: true, idleMinutes: minutes } }),
    });
    render(<IdleLockSetting />);
    const field = screen.getByTestId('idle-lock-minutes') as HTMLInputElement;
    await waitFor(() => expect(field.value).toBe('10'));
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, '0');
    await user.click(screen.getByTestId('idle-lock-save'));
    expect(screen.getByText('Enter a whole number of minutes from 1 to 120.')).toBeTruthy();
    await user.clear(field);
    await user.type(field, '5');
    await user.click(screen.getByTestId('idle-lock-save'));
    await waitFor(() => expect(useLockStore.getState().idleMinutes).toBe(5));
    expect(fake.calls.filter((c) => c.channel === 'lock.setIdleMinutes').map((c) => c.request)).toEqual([
      { minutes: 5 },
    ]);
    await user.click(screen.getByTestId('lock-now'));
    await waitFor(() => expect(useLockStore.getState().locked).toBe(true));
  });
});
