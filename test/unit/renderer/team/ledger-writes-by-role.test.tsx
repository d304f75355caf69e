// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TeamStatus } from '@contract';
import { JournalScreen } from '@renderer/features/journal/JournalScreen';
import { useJournalStore } from '@renderer/features/journal/journal-store';
import { ResolvePanel } from '@renderer/features/journal/ResolvePanel';
import { useResolveManyStore } from '@renderer/features/journal/resolve-many-store';
import { ReconcileScreen } from '@renderer/features/reconcile/ReconcileScreen';
import { useReconcileStore } from '@renderer/features/reconcile/reconcile-store';
import { WebhooksScreen } from '@renderer/features/webhooks/WebhooksScreen';
import { useWebhooksStore } from '@renderer/features/webhooks/webhooks-store';
import { useShellStore } from '@renderer/stores/shell-store';
import { useTeamStore } from '@renderer/stores/team-store';
import { SANDBOX, installDomMerchant } from '../dom-merchant';
import { details as detailsOf, entry, page } from '../journal/journal-fixtures';
import { JOINED } from '../team-fixtures';
import { layOutAsAWindow } from '../window-layout';

// Issue 28 item 1: Reconcile, Webhooks and the Journal's decisions write to the team's ledger; a
// viewer is offered none of them, only main's words (TeamStatus.refused), and still reads everything.

const WORDS = {
  reconcile:
    'Viewers read the team’s ledger; an operator or admin starts, reviews and closes reconciliations.',
  webhooks: 'Viewers read the team’s ledger; an operator or admin imports webhook deliveries.',
  journal: 'Viewers read the team’s ledger; an operator or admin settles an entry whose outcome is unknown.',
};
const VIEWER: TeamStatus = { ...JOINED, refused: WORDS };
const OPERATOR: TeamStatus = { ...JOINED, role: 'operator', refused: {} };
const initial = {
  team: useTeamStore.getState(),
  shell: useShellStore.getState(),
  recon: useReconcileStore.getState(),
  webhooks: useWebhooksStore.getState(),
  journal: useJournalStore.getState(),
  many: useResolveManyStore.getState(),
};
const unknowns = ['7', '6'].map((id) => entry({ id, state: 'unknown' }));

function show(node: React.ReactNode, status: TeamStatus) {
  useTeamStore.setState({ status });
  installDomMerchant({
    'reconcile.list': () => ({ ok: true, data: { sessions: [] } }),
    'webhooks.list': () => ({ ok: true, data: { deliveries: [] } }),
    'webhooks.receiverStatus': () => ({ ok: true, data: { enabled: false, port: 8787, url: null } }),
    'journal.page': () => page(unknowns),
  });
  useShellStore.setState({ ...initial.shell, profiles: [SANDBOX], activeId: SANDBOX.id }, true);
  render(node);
}

beforeEach(() => {
  useReconcileStore.setState(initial.recon, true);
  useWebhooksStore.setState(initial.webhooks, true);
  useJournalStore.setState(initial.journal, true);
  useResolveManyStore.setState(initial.many, true);
});
afterEach(() => {
  cleanup();
  useTeamStore.setState(initial.team, true);
});
layOutAsAWindow();

describe('Reconcile on a team', () => {
  it('a viewer gets no start form and no month close, only main’s sentence; earlier sessions stay', () => {
    show(<ReconcileScreen />, VIEWER);
    expect(screen.getByTestId('reconcile-not-allowed').textContent).toBe(WORDS.reconcile);
    expect(screen.queryByTestId('recon-start')).toBeNull();
    expect(screen.queryByTestId('recon-month-open')).toBeNull();
  });

  it('a viewer with no session to read is told so, not left a blank screen', async () => {
    show(<ReconcileScreen />, VIEWER);
    expect((await screen.findByTestId('recon-earlier-none')).textContent).toMatch(
      /^No reconciliation session has been started for this profile yet\./,
    );
  });

  it('an operator gets the start form and no sentence', () => {
    show(<ReconcileScreen />, OPERATOR);
    expect(screen.getByTestId('recon-start')).toBeTruthy();
    expect(screen.getByTestId('recon-month-open')).toBeTruthy();
    expect(screen.queryByTestId('reconcile-not-allowed')).toBeNull();
    expect(screen.queryByTestId('recon-earlier-none')).toBeNull();
  });
});

describe('Webhooks on a team', () => {
  it('a viewer can paste or import nothing, and is told why; an operator can', () => {
    show(<WebhooksScreen />, VIEWER);
    expect(screen.getByTestId('webhooks-not-allowed').textContent).toBe(WORDS.webhooks);
    expect(screen.queryByLabelText('Raw body')).toBeNull();
    expect(screen.queryByTestId('webhook-file')).toBeNull();
    cleanup();
    show(<WebhooksScreen />, OPERATOR);
    expect(screen.getByLabelText('Raw body')).toBeTruthy();
    expect(screen.getByTestId('webhook-file')).toBeTruthy();
    expect(screen.queryByTestId('webhooks-not-allowed')).toBeNull();
  });
});

describe('The Journal’s decisions on a team', () => {
  const details = detailsOf(unknowns[0]!, {
    evidence: {
      webhooks: [
        { deliveryId: '3', event: 'withdrawal.completed', withdrawalId: 'w1', summary: 'Completed.' },
      ],
      invoiceCheck: false,
    },
  });

  it('a viewer sees an unknown entry’s evidence but no button or form to decide it', () => {
    useTeamStore.setState({ status: VIEWER });
    render(<ResolvePanel details={details} />);
    expect(screen.getByText('Completed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resolve as done by this webhook' })).toBeNull();
    expect(screen.queryByTestId('journal-decision')).toBeNull();
    expect(screen.getByTestId('journal-resolve-not-allowed').textContent).toBe(WORDS.journal);
    cleanup();
    useTeamStore.setState({ status: OPERATOR });
    render(<ResolvePanel details={details} />);
    expect(screen.getByRole('button', { name: 'Resolve as done by this webhook' })).toBeTruthy();
    expect(screen.getByTestId('journal-decision')).toBeTruthy();
  });

  it('a viewer sees the pinned unknowns but cannot choose them to decide together', async () => {
    show(<JournalScreen />, VIEWER);
    expect((await screen.findByTestId('journal-pinned-not-allowed')).textContent).toBe(WORDS.journal);
    expect(screen.queryByTestId('journal-pinned-choose')).toBeNull();
    expect(screen.getAllByTestId('journal-pinned-entry')).toHaveLength(2);
    cleanup();
    show(<JournalScreen />, OPERATOR);
    expect(await screen.findAllByTestId('journal-pinned-choose')).toHaveLength(2);
    expect(screen.queryByTestId('journal-pinned-not-allowed')).toBeNull();
  });
});
