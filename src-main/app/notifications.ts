import { randomUUID } from 'node:crypto';
import type { NotifiableEvent, NotificationSettings, Toast } from '@shared/domain/notifications';
import { movementOf } from '../services/reconciliation/movements';
import type { AppliedEvent, VerifiedEvent } from '../services/webhook-intake';
import type { Emit } from './events';

/** The Electron pieces, injected by index.ts: this file never imports `electron`. */
export interface DesktopNotifier {
  /** Shows a system notification; false when the system has none. */
  show(notice: { title: string; body: string }): boolean;
  isWindowFocused(): boolean;
}

/** What the desk knows about the entry an event changed, in its own words. */
export interface EntryFacts {
  environment: 'sandbox' | 'live';
  coin: string | null;
  network: string | null;
  amount: string | null;
  withdrawalId: string | null;
  orderId: string | null;
  invoiceCode: string | null;
}

export interface NotifierDeps {
  settings: () => NotificationSettings;
  /** Absent in the browser test host and in tests: every notice is then a toast. */
  desktop?: DesktopNotifier;
  emit: Emit<'notification:toast'>;
  entry: (entryId: string) => Promise<EntryFacts | null>;
  networkName?: (coin: string, network: string) => string | null;
  /**
   * The profile the window shows. An in-app toast is only ever about its entries (a Sandbox invoice
   * paid is no news on a live screen); a system notification, outside the window and labelled with
   * its environment, is sent whichever profile is active.
   */
  activeProfileId?: () => string | null;
  /** A profile's environment, for a notice about no journal entry (a deposit); null when it is gone. */
  environmentOf?: (profileId: string) => 'sandbox' | 'live' | null;
}

const KIND_BY_EVENT: Record<string, NotifiableEvent> = {
  'withdrawal.success': 'withdrawal-completed',
  'withdrawal.failed': 'withdrawal-failed',
  'invoice.paid': 'invoice-paid',
};

/** The verified events worth interrupting someone for; everything else is silent. */
export function notifiableKind(event: string): NotifiableEvent | null {
  return KIND_BY_EVENT[event] ?? null;
}

/**
 * Where a notice goes: nowhere when turned off; a system notification when the window is not in
 * front (the person is elsewhere); an in-app toast when it is, or when there is no system notifier.
 */
export function noticeChannel(input: {
  enabled: boolean;
  desktopAvailable: boolean;
  focused: boolean;
}): 'none' | 'desktop' | 'toast' {
  if (!input.enabled) return 'none';
  return input.desktopAvailable && !input.focused ? 'desktop' : 'toast';
}

const TITLES: Record<NotifiableEvent, string> = {
  'withdrawal-completed': 'Withdrawal completed',
  'withdrawal-failed': 'Withdrawal failed',
  'invoice-paid': 'Invoice paid',
  'wallet-deposit': 'Deposit received',
  'approval-waiting': 'Approval needed',
};

/** "Withdrawal completed · SANDBOX" and a body with the amount, its unit and network (UX rules 1 and 2). */
export function describeNotice(
  kind: NotifiableEvent,
  facts: EntryFacts | null,
  networkName: NotifierDeps['networkName'] = () => null,
): { title: string; body: string } {
  const env = facts?.environment === 'live' ? 'LIVE' : 'SANDBOX';
  const title = `${TITLES[kind]} · ${facts ? env : 'journal'}`;
  if (!facts) return { title, body: 'See the Journal for the entry it changed.' };
  const pair =
    facts.coin && facts.network
      ? `${facts.coin.toUpperCase()} · ${networkName(facts.coin, facts.network) ?? facts.network.toUpperCase()}`
      : '';
  if (kind === 'invoice-paid') {
    const which = facts.orderId ? `order ${facts.orderId}` : `invoice ${facts.invoiceCode ?? ''}`.trim();
    return { title, body: `${facts.amount ? `${facts.amount} USD · ` : ''}${which} is paid.` };
  }
  const amount = [facts.amount, pair].filter(Boolean).join(' ');
  const id = facts.withdrawalId ? ` (${facts.withdrawalId})` : '';
  return kind === 'withdrawal-completed'
    ? { title, body: `${amount} sent${id}.` }
    : { title, body: `${amount} was not sent${id}; the amount returns to the balance.` };
}

/** "Deposit received · SANDBOX": "250 USDT · TRON (TRC-20) to wallet 7, tx 9f2c4b7a…89abcd." */
export function describeDeposit(
  deposit: { amount: string; coin: string; network: string; walletId: string | null; txHash: string | null },
  environment: 'sandbox' | 'live' | null,
  networkName: NotifierDeps['networkName'] = () => null,
): { title: string; body: string } {
  const env = environment === 'live' ? ' · LIVE' : environment === 'sandbox' ? ' · SANDBOX' : '';
  const { amount, coin, network, walletId, txHash } = deposit;
  const where = `${coin.toUpperCase()} · ${networkName(coin, network) ?? network.toUpperCase()}`;
  const tx = txHash
    ? `, tx ${txHash.length > 20 ? `${txHash.slice(0, 8)}…${txHash.slice(-8)}` : txHash}`
    : '';
  return {
    title: `${TITLES['wallet-deposit']}${env}`,
    body: `${amount} ${where} to ${walletId ? `wallet ${walletId}` : 'a wallet'}${tx}.`,
  };
}

/** Turns applied webhook events into a system notification or an in-app toast. */
export function createNotifier(deps: NotifierDeps) {
  const channelNow = () =>
    noticeChannel({
      enabled: deps.settings().enabled,
      desktopAvailable: !!deps.desktop,
      focused: deps.desktop?.isWindowFocused() ?? true,
    });
  return {
    /** A deposit changes no journal entry, so it is told from the verified event itself (never an import's). */
    onVerified(verified: VerifiedEvent): void {
      if (verified.quiet) return;
      const movement = movementOf({
        key: '',
        event: verified.event,
        payload: verified.payload,
        receivedAt: verified.receivedAt,
        entryId: null,
        unmatched: false,
      });
      if (movement?.kind !== 'wallet-deposit') return;
      const channel = channelNow();
      if (channel === 'none') return;
      const data = (verified.payload.data ?? {}) as Record<string, unknown>;
      const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
      const notice = describeDeposit(
        { ...movement, walletId: text(data.wallet_id), txHash: text(data.tx_hash) },
        deps.environmentOf?.(verified.profileId) ?? null,
        deps.networkName,
      );
      if (channel === 'desktop' && deps.desktop?.show(notice)) return;
      if (deps.activeProfileId && verified.profileId !== deps.activeProfileId()) return;
      deps.emit('notification:toast', { id: randomUUID(), kind: 'wallet-deposit', entryId: null, ...notice });
    },
    /**
     * A notice that is not a webhook's (a withdrawal waiting for this person's approval, issue 28):
     * the same setting and the same channels; an in-app toast only about the active profile's entries.
     */
    tell(
      kind: NotifiableEvent,
      notice: { title: string; body: string },
      about: Pick<Toast, 'entryId'> & { profileId: string },
    ): void {
      const channel = channelNow();
      if (channel === 'none') return;
      if (channel === 'desktop' && deps.desktop?.show(notice)) return;
      if (deps.activeProfileId && about.profileId !== deps.activeProfileId()) return;
      deps.emit('notification:toast', { id: randomUUID(), kind, entryId: about.entryId, ...notice });
    },
    async onApplied(applied: AppliedEvent): Promise<void> {
      const kind = notifiableKind(applied.event);
      if (!kind) return;
      const channel = channelNow();
      if (channel === 'none') return;
      const notice = describeNotice(kind, await deps.entry(applied.entryId), deps.networkName);
      // A system that turns the notification down still gets the toast: the news is not lost.
      if (channel === 'desktop' && deps.desktop?.show(notice)) return;
      if (deps.activeProfileId && applied.profileId !== deps.activeProfileId()) return;
      const toast: Toast = { id: randomUUID(), kind, entryId: applied.entryId, ...notice };
      deps.emit('notification:toast', toast);
    },
  };
}
