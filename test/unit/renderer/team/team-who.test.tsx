// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TeamStatus } from '@contract';
import { InvoiceWho } from '@renderer/features/invoices/InvoiceWho';
import { SessionPeople } from '@renderer/features/reconcile/SessionPeople';
import { TeamAdmin } from '@renderer/features/settings/TeamAdmin';
import { TeamJoinForm } from '@renderer/features/settings/TeamJoinForm';
import { WithdrawalWho } from '@renderer/features/withdrawals/WithdrawalWho';
import { useTeamStore } from '@renderer/stores/team-store';
import { entry } from '../journal/journal-fixtures';
import { installDomMerchant } from '../dom-merchant';

const JOINED: TeamStatus = {
  joined: true,
  server: 'db.example.com:5432/ledger',
  person: 'bob',
  role: 'admin',
  desk: 'Back office',
  connection: 'online',
  asOf: null,
  words: 'online',
};
const WHO = {
  steps: [
    { type: 'begin', at: '2026-11-26T10:42:00.000Z', desk: 'Front office', person: 'anna' },
    { type: 'webhook', at: '2026-11-26T10:50:00.000Z', desk: 'Back office', person: 'bob' },
  ],
  claim: { desk: 'Front office', person: 'anna', at: '2026-11-26T10:42:00.000Z' },
  entryId: '12',
};
const step = (person: string, deskName: string, at: string) => ({ person, deskName, at });

afterEach(cleanup);
beforeEach(() => useTeamStore.setState({ status: JOINED }));

describe('who did what on the withdrawal, invoice and reconciliation screens (issue 27 item 8)', () => {
  it('a withdrawal row asks who only when opened, then names the holding desk and each step', async () => {
    const fake = installDomMerchant({ 'team.entryWho': () => ({ ok: true, data: WHO }) });
    render(<WithdrawalWho entry={entry({ id: '12' })} />);
    expect(fake.calls.filter((c) => c.channel === 'team.entryWho')).toHaveLength(0);
    await userEvent.setup().click(screen.getByText('Who made, sent and settled it'));
    expect((await screen.findByTestId('team-who-claim')).textContent).toMatch(
      /^Sent from desk “Front office” by anna, claimed /,
    );
    expect(screen.getAllByTestId('team-who-desk').map((d) => d.textContent)).toEqual([
      'Front office',
      'Back office',
    ]);
    expect(fake.calls.find((c) => c.channel === 'team.entryWho')?.request).toEqual({ id: '12' });
  });

  it('shows nothing and asks nothing on a desk of no team', () => {
    useTeamStore.setState({ status: { ...JOINED, joined: false } });
    const fake = installDomMerchant({});
    const { container } = render(<InvoiceWho code="INV-1" status="paid" />);
    expect(container.textContent).toBe('');
    expect(fake.calls).toHaveLength(0);
  });

  it('an invoice’s details ask by its code and say when the team has no record of it', async () => {
    const fake = installDomMerchant({
      'team.invoiceWho': () => ({ ok: true, data: { steps: [], claim: null, entryId: null } }),
    });
    render(<InvoiceWho code="INV-9" status="paid" />);
    expect((await screen.findByTestId('team-who-none')).textContent).toContain(
      'no record of this in its ledger',
    );
    expect(fake.calls.find((c) => c.channel === 'team.invoiceWho')?.request).toEqual({ code: 'INV-9' });
  });

  it('a reconciliation session says who started, reviewed and closed it', async () => {
    installDomMerchant({
      'reconcile.people': () => ({
        ok: true,
        data: {
          started: step('anna', 'Front office', '2026-11-26T09:00:00.000Z'),
          reviews: [
            { ...step('bob', 'Back office', '2026-11-26T09:10:00.000Z'), itemKey: 'difference:usdt:tron' },
          ],
          closed: step('anna', 'Front office', '2026-11-26T09:20:00.000Z'),
        },
      }),
    });
    render(<SessionPeople id="3" version="closed" />);
    expect((await screen.findByTestId('recon-people-started')).textContent).toMatch(
      /^Started by anna on desk “Front office”, /,
    );
    expect(screen.getByTestId('recon-people-review').textContent).toContain(
      'Item difference:usdt:tron reviewed by bob on desk “Back office”',
    );
    expect(screen.getByTestId('recon-people-closed').textContent).toContain('Closed by anna');
  });
});

describe('Settings → Team leftovers', () => {
  it('reads the desks and people again when main says the team changed, and says so when revoking was declined in main', async () => {
    let desks = [{ id: '6f1d3c52-3b0e-4d8a-9c51-0a6a3e2d7b10', name: 'Spare laptop' }];
    const fake = installDomMerchant({
      'team.desks': () => ({
        ok: true,
        data: {
          desks: desks.map((d) => ({
            ...d,
            state: 'active',
            enrolledBy: 'anna',
            enrolledAt: null,
            revokedAt: null,
            revokedBy: null,
            revokeReason: null,
            thisDesk: false,
          })),
        },
      }),
      'team.people': () => ({ ok: true, data: { people: [{ person: 'anna', role: 'admin' }] } }),
      'team.revokeDesk': () => ({
        ok: false,
        error: { kind: 'declined-in-main', message: 'You cancelled this in the confirmation window.' },
      }),
    });
    render(<TeamAdmin admin />);
    expect(await screen.findByText('Spare laptop')).toBeTruthy();
    desks = [...desks, { id: '0b7e4f7e-9d3a-4f0c-8a34-5b2f6c1d9e21', name: 'Desk C' }];
    act(() => fake.emit('team:changed', {}));
    expect(await screen.findByText('Desk C')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Revoke…' })[0]!);
    await user.type(screen.getByLabelText(/Why is desk “Spare laptop” revoked/), 'lost');
    await user.click(screen.getByRole('button', { name: 'Revoke desk…' }));
    expect((await screen.findByTestId('team-admin-note')).textContent).toBe('The desk was not revoked.');
    expect(fake.calls.find((c) => c.channel === 'team.revokeDesk')?.request).toEqual({
      id: '6f1d3c52-3b0e-4d8a-9c51-0a6a3e2d7b10',
      reason: 'lost',
    });
  });

  it('fills the CA from the file main read and checked, and keeps the field as it was when main refused the file', async () => {
    const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
    let answer = {
      pem: PEM as string | null,
      file: 'team-ca.pem',
      words: 'Read the CA certificate from team-ca.pem.',
    };
    const fake = installDomMerchant({ 'team.chooseCa': () => ({ ok: true, data: answer }) });
    render(<TeamJoinForm />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Choose file…' }));
    await waitFor(() =>
      expect((screen.getByLabelText(/CA certificate/) as HTMLTextAreaElement).value).toBe(PEM),
    );
    expect(screen.getByTestId('team-ca-file').textContent).toBe('Read the CA certificate from team-ca.pem.');
    answer = { pem: null, file: 'key.pem', words: 'key.pem holds a private key.' };
    await user.click(screen.getByRole('button', { name: 'Choose file…' }));
    expect((await screen.findByText('key.pem holds a private key.')).textContent).toBeTruthy();
    expect((screen.getByLabelText(/CA certificate/) as HTMLTextAreaElement).value).toBe(PEM);
    // The page asks main to choose; it never passes a path.
    expect(fake.calls.filter((c) => c.channel === 'team.chooseCa').map((c) => c.request)).toEqual([
      undefined,
      undefined,
    ]);
  });
});
