import { render } from '@testing-library/react';
import type { JournalEntry } from '@contract';
import { InvoicesScreen } from '@renderer/features/invoices/InvoicesScreen';
import { useInvoicesStore } from '@renderer/features/invoices/invoices-store';
import { useShellStore } from '@renderer/stores/shell-store';
import type { RateView } from '@renderer/stores/rate-view';
import { useRatesStore } from '@renderer/stores/rates-store';
import { ACME, SANDBOX, installDomMerchant } from '../dom-merchant';
import { pair } from '../fake-merchant';

const shellInitial = useShellStore.getState();
const invoicesInitial = useInvoicesStore.getState();
const ratesInitial = useRatesStore.getState();

const row = (symbol: string, pairs: RateView['pairs']): RateView => ({
  symbol,
  name: symbol,
  type: 'crypto',
  usdPrice: '1',
  shownPrice: '1',
  openPrice: '1',
  change: null,
  pairs,
  spark: [],
  searchText: symbol,
});

/** A fresh store, a catalog with USDT on TRON and BTC open for deposits (TON closed), no journal rows. */
export function resetStores(): void {
  useInvoicesStore.setState(invoicesInitial, true);
  useRatesStore.setState(
    {
      ...ratesInitial,
      loaded: true,
      rows: [
        row('usdt', [
          pair('usdt', 'tron', { networkName: 'TRON (TRC-20)' }),
          pair('usdt', 'ton', { networkName: 'TON', depositEnabled: false }),
        ]),
        row('btc', [pair('btc', 'bitcoin', { networkName: 'Bitcoin' })]),
      ],
    },
    true,
  );
}

export function entry(extra: Partial<JournalEntry> = {}): JournalEntry {
  return {
    id: '1',
    operation: 'createInvoice',
    profileId: 'sandbox',
    environment: 'sandbox',
    state: 'accepted',
    createdAt: '2026-11-22T07:00:00.000Z',
    updatedAt: '2026-11-22T07:00:00.000Z',
    fields: { orderId: 'ORD-1', amount: '25' },
    externalIds: { invoiceCode: 'INV1' },
    settlement: null,
    resolution: null,
    response: null,
    error: null,
    ...extra,
  };
}

/** One page of the invoice list as main answers journal:page (newest first, the anchor the newest id). */
export function pageOf(
  entries: JournalEntry[],
  extra: { total?: number; newer?: number; anchor?: number } = {},
) {
  return {
    ok: true,
    data: {
      entries,
      total: extra.total ?? entries.length,
      anchor: extra.anchor ?? Math.max(0, ...entries.map((e) => Number(e.id))),
      newer: extra.newer ?? 0,
      pairs: [],
    },
  };
}

/** The Invoices screen over a fake bridge; `handlers` add to (or replace) the empty invoice list. */
export function showInvoices(
  handlers: Record<string, (request: unknown) => unknown>,
  profile: typeof SANDBOX | typeof ACME = SANDBOX,
) {
  const fake = installDomMerchant({
    'journal.page': () => pageOf([]),
    ...handlers,
  });
  useShellStore.setState({ ...shellInitial, profiles: [SANDBOX, ACME], activeId: profile.id }, true);
  // The rates set by resetStores are the shown profile's, unless a test said whose they are.
  if (!useRatesStore.getState().profileId) useRatesStore.setState({ profileId: profile.id });
  render(<InvoicesScreen />);
  return fake;
}

/** An accepted creation answer, as main sends it. */
export const created = (code = 'INV9') => ({
  ok: true,
  data: {
    journalId: '7',
    outcome: 'accepted',
    data: {
      id: 'inv_1',
      order_id: 'ORD-X',
      url: 'https://pay.example.com/checkout/' + code,
      code,
      amount: '25.00',
      payer_amount: '25.00',
      expired_at: new Date(Date.now() + 24 * 3600_000).toISOString(),
      created_at: new Date().toISOString(),
    },
    warnings: [],
  },
});
