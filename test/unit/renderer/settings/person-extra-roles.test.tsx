// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PersonExtraRoles } from '@renderer/features/settings/PersonExtraRoles';
import { installDomMerchant } from '../dom-merchant';

const anna = { person: 'anna', role: 'operator' as const, also: ['approver' as const] };
const callbacks = () => ({ onPeople: vi.fn(), onError: vi.fn(), onDeclined: vi.fn() });

afterEach(cleanup);

describe('approver and auditor beside a person’s level (issue 28 item 1)', () => {
  it('reads them to everyone but an admin, with no control', () => {
    installDomMerchant({});
    render(<PersonExtraRoles person={anna} admin={false} {...callbacks()} />);
    expect(document.body.textContent).toContain('also approver');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('asks main to add a role an admin ticks, and hands the answer on', async () => {
    const people = [{ ...anna, also: ['approver', 'auditor'] }];
    const fake = installDomMerchant({ 'team.grantRole': () => ({ ok: true, data: { people } }) });
    const on = callbacks();
    render(<PersonExtraRoles person={anna} admin {...on} />);
    expect((screen.getByTestId('role-approver-anna') as HTMLInputElement).checked).toBe(true);
    await userEvent.setup().click(screen.getByTestId('role-auditor-anna'));
    expect(fake.calls.find((c) => c.channel === 'team.grantRole')?.request).toEqual({
      person: 'anna',
      role: 'auditor',
      holds: true,
    });
    expect(on.onPeople).toHaveBeenCalledWith(people);
  });

  it('says so when the change is declined in main’s window', async () => {
    installDomMerchant({
      'team.grantRole': () => ({
        ok: false,
        error: { kind: 'declined-in-main', message: 'Declined.', retryable: false },
      }),
    });
    const on = callbacks();
    render(<PersonExtraRoles person={anna} admin {...on} />);
    await userEvent.setup().click(screen.getByTestId('role-approver-anna'));
    expect(on.onDeclined).toHaveBeenCalledWith('anna’s approver role was not changed.');
    expect(on.onPeople).not.toHaveBeenCalled();
  });
});
