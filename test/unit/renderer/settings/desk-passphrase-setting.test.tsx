// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { DeskPassphraseSetting } from '@renderer/features/settings/DeskPassphraseSetting';
import { installDomMerchant } from '../dom-merchant';

afterEach(cleanup);

describe('Settings: the desk passphrase (issue 26 item 2)', () => {
  it('says live money is refused until one is set, and asks main to open its own window', async () => {
    const fake = installDomMerchant({
      'passphrase.status': () => ({
        ok: true,
        data: { method: 'passphrase', passphraseSet: false, lockedMinutes: null },
      }),
      'passphrase.set': () => ({
        ok: true,
        data: { method: 'passphrase', passphraseSet: true, lockedMinutes: null },
      }),
    });
    render(<DeskPassphraseSetting />);
    expect((await screen.findByTestId('desk-passphrase-status')).textContent).toMatch(/refused until one is/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Set passphrase…' }));
    expect((await screen.findByTestId('desk-passphrase-changed')).textContent).toBe(
      'The desk passphrase is set.',
    );
    expect(screen.getByRole('button', { name: 'Change passphrase…' })).toBeTruthy();
    // The page sends no passphrase: main asks for it in its own window.
    expect(fake.calls.find((c) => c.channel === 'passphrase.set')?.request).toBeUndefined();
    expect(document.querySelector('input')).toBeNull();
  });

  it('shows a pause in words, and main’s refusal when the change did not happen', async () => {
    installDomMerchant({
      'passphrase.status': () => ({
        ok: true,
        data: { method: 'passphrase', passphraseSet: true, lockedMinutes: 4 },
      }),
      'passphrase.set': () => ({
        ok: false,
        error: { kind: 'passphrase-not-changed', message: 'The two passphrases you typed differ.' },
      }),
    });
    render(<DeskPassphraseSetting />);
    expect((await screen.findByTestId('desk-passphrase-locked')).textContent).toMatch(/in about 4 minutes/);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Change passphrase…' }));
    await waitFor(() => expect(screen.getByText('The desk passphrase was not changed.')).toBeTruthy());
    expect(screen.queryByTestId('desk-passphrase-changed')).toBeNull();
  });
});
