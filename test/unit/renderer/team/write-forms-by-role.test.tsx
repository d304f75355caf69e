// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TeamStatus } from '@contract';
import { InvoiceDetails } from '@renderer/features/invoices/InvoiceDetails';
import { WalletsScreen } from '@renderer/features/wallets/WalletsScreen';
import { WithdrawalList } from '@renderer/features/withdrawals/WithdrawalList';
import { useWalletsStore } from '@renderer/features/wallets/wallets-store';
import { useShellStore } from '@renderer/stores/shell-store';
import { useTeamStore } from '@renderer/stores/team-store';
import { SANDBOX, installDomMerchant } from '../dom-merchant';
import { entry, pageOf, resetStores, showInvoices } from '../invoices/harness';
import { lookupView } from '../invoices/lookup-view';
import { JOINED } from '../team-fixtures';

// Issue 28 item 1: a screen shows only what the person may do, as main answers it (TeamStatus.refused).

const INVOICES_WORDS = 'Viewers read the team’s ledger; an operator or admin creates invoices.';
const WALLETS_WORDS = 'Viewers read the team’s ledger; an operator or admin creates deposit wallets.';
const VIEWER: TeamStatus = { ...JOINED, refused: { invoices: INVOICES_WORDS, wallets: WALLETS_WORDS } };
const OPERATOR: TeamStatus = { ...JOINED, role: 'operator', refused: {} };
const teamInitial = useTeamStore.getState();
const shellInitial = useShellStore.getState();
const walletsInitial = useWalletsStore.getState();

function showWallets() {
  installDomMerchant({ 'wallets.list': () => ({ ok: true, data: { wallets: [] } }) });
  useShellStore.setState({ ...shellInitial, profiles: [SANDBOX], activeId: SANDBOX.id }, true);
  render(<WalletsScreen />);
}

beforeEach(() => {
  resetStores();
  useWalletsStore.setState(walletsInitial, true);
});
afterEach(() => {
  cleanup();
  useTeamStore.setState(teamInitial, true);
});

describe('Invoices on a team', () => {
  it('a viewer gets no create form, only main’s sentence saying why and who can', async () => {
    useTeamStore.setState({ status: VIEWER });
    showInvoices({});
    expect(screen.getByTestId('invoices-not-allowed').textContent).toBe(INVOICES_WORDS);
    expect(screen.queryByTestId('invoice-create')).toBeNull();
    expect(screen.queryByTestId('invoice-amount')).toBeNull();
    // What the team created stays readable, named as the team's: a team's desks read one ledger.
    await screen.findByText('No invoices created from the team’s desks yet.');
    const shown = screen.getByTestId('invoices-screen').textContent;
    expect(shown).toContain('Invoices created from the team’s desks');
    expect(shown).toContain('No invoices created from the team’s desks yet.');
    expect(shown).toContain('Those the team creates will be listed here');
    expect(shown).not.toContain('from this desk');
    expect(shown).not.toContain('Create one above');
  });

  it('an operator (and a desk alone) gets the form and no sentence', async () => {
    useTeamStore.setState({ status: OPERATOR });
    showInvoices({});
    expect(screen.getByTestId('invoice-create')).toBeTruthy();
    expect(screen.queryByTestId('invoices-not-allowed')).toBeNull();
    expect(await screen.findByText(/^Create one above/)).toBeTruthy();
    cleanup();
    useTeamStore.setState({ status: null });
    showInvoices({});
    expect(screen.getByTestId('invoice-create')).toBeTruthy();
    // A desk alone lists what it made itself.
    await screen.findByText('No invoices created from this desk yet.');
    const shown = screen.getByTestId('invoices-screen').textContent;
    expect(shown).toContain('Invoices created from this desk');
    expect(shown).toContain('No invoices created from this desk yet.');
    expect(shown).toContain('Create one above');
  });

  it('a viewer is offered no safe re-submission of an unknown invoice (it may create one); an operator is', async () => {
    const unknown = { 'journal.page': () => pageOf([entry({ state: 'unknown' })]) };
    useTeamStore.setState({ status: VIEWER });
    showInvoices(unknown);
    expect((await screen.findByTestId('invoice-check-not-allowed')).textContent).toBe(INVOICES_WORDS);
    expect(screen.queryByTestId('invoice-check')).toBeNull();
    cleanup();
    useTeamStore.setState({ status: OPERATOR });
    showInvoices(unknown);
    expect(await screen.findByTestId('invoice-check')).toBeTruthy();
  });

  it('a viewer is offered no card checkout on an invoice that allows one; an operator is', () => {
    const view = lookupView({ allow_card_payments: true });
    const details = () => render(<InvoiceDetails view={view} environment="sandbox" names={new Map()} />);
    useTeamStore.setState({ status: VIEWER });
    details();
    expect(screen.queryByTestId('card-start')).toBeNull();
    expect(screen.getByTestId('card-not-offered').textContent).toBe(INVOICES_WORDS);
    cleanup();
    useTeamStore.setState({ status: OPERATOR });
    details();
    expect(screen.getByTestId('card-start')).toBeTruthy();
  });
});

describe('Wallets on a team', () => {
  it('a viewer gets no create-wallet form, only main’s sentence', async () => {
    useTeamStore.setState({ status: VIEWER });
    showWallets();
    expect(screen.getByTestId('wallets-not-allowed').textContent).toBe(WALLETS_WORDS);
    expect(screen.queryByTestId('wallet-create')).toBeNull();
    await screen.findByText('No wallets created from the team’s desks yet.');
    const shown = screen.getByTestId('wallets-screen').textContent;
    expect(shown).toContain('Wallets created from the team’s desks');
    expect(shown).toContain('Those the team creates will be listed here');
    expect(shown).not.toContain('Create one above');
  });

  it('an operator gets the form and no sentence', async () => {
    useTeamStore.setState({ status: OPERATOR });
    showWallets();
    expect(screen.getByTestId('wallet-create')).toBeTruthy();
    expect(screen.queryByTestId('wallets-not-allowed')).toBeNull();
    expect(await screen.findByText(/^Create one above/)).toBeTruthy();
  });
});

describe('Withdrawals on a team', () => {
  const listed = () => render(<WithdrawalList entries={[]} names={new Map()} />).container.textContent;

  it('lists what the team’s desks sent, and tells a viewer where new ones come from', () => {
    useTeamStore.setState({ status: { ...VIEWER, refused: { withdrawals: 'Viewers read.' } } });
    expect(listed()).toBe(
      'No withdrawals sent from the team’s desks yet.Those the team sends are listed here with their state as the service reports it.',
    );
  });

  it('on a desk alone, what this desk sent, and to send one above', () => {
    expect(listed()).toBe(
      'No withdrawals sent from this desk yet.Send one above; it is listed here with its state as the service reports it.',
    );
  });
});
