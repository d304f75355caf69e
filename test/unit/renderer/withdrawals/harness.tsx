import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AddressBookEntryView, JournalEntry, RateRow } from '@contract';
import { WithdrawalsScreen } from '@renderer/features/withdrawals/WithdrawalsScreen';
import { useWithdrawalsStore } from '@renderer/features/withdrawals/withdrawals-store';
import { useShellStore } from '@renderer/stores/shell-store';
import type { RateView } from '@renderer/stores/rate-view';
import { useRatesStore } from '@renderer/stores/rates-store';
import { useUnknownWithdrawals } from '@renderer/stores/unknown-withdrawals-store';
import { ACME, SANDBOX, installDomMerchant } from '../dom-merchant';
import { pair, snapshot } from '../fake-merchant';

export const TRON_ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
/** The same address with its last character changed: the base58check checksum no longer matches. */
export const TRON_WRONG_CHECKSUM = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeM';

const initial = {
  shell: useShellStore.getState(),
  withdrawals: useWithdrawalsStore.getState(),
  rates: useRatesStore.getState(),
  unknown: useUnknownWithdrawals.getState(),
};

const row = (symbol: string, usdPrice: string, pairs: RateView['pairs']): RateView => ({
  symbol,
  name: symbol,
  type: 'crypto',
  usdPrice,
  shownPrice: usdPrice,
  openPrice: usdPrice,
  change: null,
  pairs,
  spark: [],
  searchText: symbol,
});

/** USDT on TRON (min 10, max 1000, 6 decimals, network fee 1) open; on TON closed; a network the desk cannot check. */
export function resetStores(): void {
  useShellStore.setState(initial.shell, true);
  useWithdrawalsStore.setState(initial.withdrawals, true);
  useUnknownWithdrawals.setState(initial.unknown, true);
  useRatesStore.setState(
    {
      ...initial.rates,
      loaded: true,
      lastTickAt: '2026-01-01T10:42:00.000Z',
      rows: [
        row('usdt', '1.0002', [
          pair('usdt', 'tron', { networkName: 'TRON (TRC-20)', networkFee: '1' }),
          pair('usdt', 'ton', { networkName: 'TON', withdrawEnabled: false }),
          pair('usdt', 'avax', { networkName: 'Avalanche C-Chain', withdrawEnabled: true }),
        ]),
        row('btc', '60000', [pair('btc', 'bitcoin', { networkName: 'Bitcoin', withdrawEnabled: null })]),
      ],
    },
    true,
  );
}

export function feesFor(payer: 'merchant' | 'recipient' | null) {
  return {
    fees: {
      fees: { invoice_percent: '0.5', withdrawal_percent: '0.5' },
      fee_payer: payer ? { withdrawal_fee: payer } : {},
    },
    fetchedAt: '2026-01-01T10:42:00.000Z',
    catalog: [],
  };
}

export function balancesWith(available: string) {
  return {
    rows: [
      {
        coin: 'usdt',
        network: 'tron',
        balance: available,
        frozen: '0',
        available,
        usd: available,
        raw: {},
      },
    ],
    totalUsd: available,
    fetchedAt: '2026-01-01T10:42:00.000Z',
    raw: {},
  };
}

export function entry(id: string, extra: Partial<JournalEntry> = {}): JournalEntry {
  return {
    id,
    operation: 'createWithdrawal',
    profileId: SANDBOX.id,
    environment: 'sandbox',
    state: 'accepted',
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    fields: { coin: 'usdt', network: 'tron', amount: '12.5', toAddress: TRON_ADDRESS },
    externalIds: { withdrawalId: `wd_${id}` },
    settlement: 'pending',
    resolution: null,
    response: null,
    error: null,
    ...extra,
  };
}

export interface ShowOptions {
  profile?: typeof SANDBOX | typeof ACME;
  entries?: () => JournalEntry[];
  available?: string;
  payer?: 'merchant' | 'recipient' | null;
  create?: (request: unknown) => unknown;
  /** This profile's wallets as main lists them (wallets.list); none when not given. */
  wallets?: JournalEntry[];
  /** Replaces the balances answer (e.g. one that never comes). */
  balances?: () => unknown;
  /** What rates:snapshot answers, when the screen asks for the profile's own rates. */
  rates?: { profileId: string; rows: RateRow[] };
  /** The active profile's address book and the rules, as main lists them; none when not given. */
  book?: { entries: AddressBookEntryView[]; bookOnly: boolean };
  /** Which way main says the form ends (withdrawals.path), and what approvals.submit answers. */
  path?: unknown;
  submit?: () => unknown;
}

/** The Withdrawals screen over a fake bridge; journal.list answers by the query it is given. */
export function showScreen(options: ShowOptions = {}) {
  const entries = options.entries ?? (() => []);
  const fake = installDomMerchant({
    'journal.list': (query) => {
      const q = query as { state?: string };
      const all = entries();
      return { ok: true, data: { entries: q.state ? all.filter((e) => e.state === q.state) : all } };
    },
    'balances.get':
      options.balances ?? (() => ({ ok: true, data: balancesWith(options.available ?? '5000') })),
    'wallets.list': () => ({
      ok: true,
      data: { wallets: (options.wallets ?? []).map((e) => ({ entry: e, label: null })) },
    }),
    'fees.get': () => ({ ok: true, data: feesFor(options.payer === undefined ? 'merchant' : options.payer) }),
    'withdrawals.create':
      options.create ??
      (() => ({ ok: true, data: { journalId: '9', outcome: 'accepted', data: {}, warnings: [] } })),
    ...(options.path ? { 'withdrawals.path': () => ({ ok: true, data: options.path }) } : {}),
    'approvals.submit': options.submit ?? (() => ({ ok: true, data: { id: '77', status: 'submitted' } })),
    ...(options.book
      ? {
          'addressBook.list': () => ({
            ok: true,
            data: { profileId: (options.profile ?? SANDBOX).id, entries: options.book!.entries },
          }),
          'withdrawalRules.get': () => ({ ok: true, data: { bookOnly: options.book!.bookOnly, limits: [] } }),
        }
      : {}),
    ...(options.rates
      ? {
          'rates.snapshot': () => ({
            ok: true,
            data: snapshot(options.rates!.rows, { profileId: options.rates!.profileId }),
          }),
        }
      : {}),
  });
  const profile = options.profile ?? SANDBOX;
  // The rates set by resetStores are the shown profile's, unless a test said whose they are.
  if (!useRatesStore.getState().profileId) useRatesStore.setState({ profileId: profile.id });
  useShellStore.setState({ profiles: [SANDBOX, ACME], activeId: profile.id });
  render(<WithdrawalsScreen />);
  return { fake, user: userEvent.setup() };
}

/** Fills the form through the keyboard, as a person would. */
export async function fillForm(
  user: ReturnType<typeof userEvent.setup>,
  values: { pair?: string; amount?: string; address?: string },
) {
  if (values.pair) await user.selectOptions(screen.getByTestId('withdrawal-pair'), values.pair);
  if (values.amount !== undefined) {
    await user.clear(screen.getByTestId('withdrawal-amount'));
    if (values.amount) await user.type(screen.getByTestId('withdrawal-amount'), values.amount);
  }
  if (values.address !== undefined) {
    await user.clear(screen.getByTestId('withdrawal-address'));
    if (values.address) await user.type(screen.getByTestId('withdrawal-address'), values.address);
  }
}

/** Types both ends of the address into the review's confirmation, as the review asks. */
export async function confirmEnds(user: ReturnType<typeof userEvent.setup>, address = TRON_ADDRESS) {
  const chars = Array.from(address);
  await user.type(screen.getByTestId('review-confirm-start'), chars.slice(0, 6).join(''));
  await user.type(screen.getByTestId('review-confirm'), chars.slice(-6).join(''));
}

export const sendCalls = (fake: { calls: { channel: string; request: unknown }[] }) =>
  fake.calls.filter((c) => c.channel === 'withdrawals.create');
