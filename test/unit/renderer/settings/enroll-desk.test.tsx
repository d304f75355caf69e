// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EnrollDesk } from '@renderer/features/settings/EnrollDesk';
import { installDomMerchant } from '../dom-merchant';

afterEach(cleanup);

describe('enrolling a desk in Settings → Team', () => {
  it('makes a one-time code for the named desk, shows it, empties the field and reads the desks again', async () => {
    const fake = installDomMerchant({
      'team.makeCode': (request) => ({
        ok: true,
        data: { code: 'ABCD-1234', deskName: (request as { deskName: string }).deskName, hours: 24 },
      }),
    });
    const onDone = vi.fn();
    render(<EnrollDesk admin onError={() => {}} onDone={onDone} />);
    const make = screen.getByRole('button', { name: 'Make an enrollment code' });
    expect((make as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('New desk’s name'), 'Back office{Enter}');
    expect((await screen.findByTestId('team-code')).textContent).toBe(
      'Code for desk “Back office” (valid 24 h, once): ABCD-1234',
    );
    expect(fake.calls.filter((c) => c.channel === 'team.makeCode').map((c) => c.request)).toEqual([
      { deskName: 'Back office', hours: 24 },
    ]);
    expect((screen.getByLabelText('New desk’s name') as HTMLInputElement).value).toBe('');
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('hands a refusal to the panel and keeps the name to try again', async () => {
    installDomMerchant({
      'team.makeCode': () => ({ ok: false, error: { kind: 'internal', message: 'Only an admin enrolls.' } }),
    });
    const onError = vi.fn();
    render(<EnrollDesk admin onError={onError} onDone={() => {}} />);
    await userEvent.type(screen.getByLabelText('New desk’s name'), 'Back office');
    await userEvent.click(screen.getByRole('button', { name: 'Make an enrollment code' }));
    await vi.waitFor(() => expect(onError).toHaveBeenCalledOnce());
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ message: 'Only an admin enrolls.' });
    expect((screen.getByLabelText('New desk’s name') as HTMLInputElement).value).toBe('Back office');
    expect(screen.queryByTestId('team-code')).toBeNull();
  });

  it('offers no form to anyone but an admin', () => {
    installDomMerchant({});
    render(<EnrollDesk admin={false} onError={() => {}} onDone={() => {}} />);
    expect(screen.queryByRole('form')).toBeNull();
  });
});
