import { createMovementValuer } from '@main/books/movement-valuer';
import type { JournalStore } from '@main/storage/port';
import { asJournalStore } from '@main/storage/sqlite/journal-store';
import { live, tempJournal } from '../../helpers/journal';

/** The period the golden files cover: January 2030 (the fixed clock starts at its first second). */
export const PERIOD = {
  profileId: live.profileId,
  from: '2030-01-01T00:00:00.000Z',
  to: '2030-01-01T01:00:00.000Z',
};

const usd = (symbol: string, usdPrice: string | null) => ({
  symbol,
  name: symbol,
  type: 'crypto',
  usdPrice,
  openPrice: null,
  pairs: [],
});

/**
 * A fixed journal for the books' golden files: a withdrawal with its fee (completed), a failed one,
 * an invoice paid with a fee and a non-ASCII order id, an unknown withdrawal a person resolved (no
 * rate), one valued while the feed had no price (no rate, said why), and one after the period; a
 * wallet deposit valued (delivered twice, recorded once) and one from an import of past deliveries
 * (no rate, said why).
 * The clock ticks one second per journal call, so every time (and so every file) is the same each run.
 */
export async function fixedJournal(): Promise<{ store: JournalStore; cleanup: () => void }> {
  let t = Date.parse('2030-01-01T00:00:00Z');
  const temp = tempJournal({ now: () => new Date((t += 1000)) });
  const store = asJournalStore(temp.journal);
  const feed = {
    rows: [usd('USDT', '0.99987'), usd('BTC', '67012.123456789'), usd('LTC', '71.05')],
    lastTickAt: '2030-01-01T00:00:00.000Z',
    stale: false,
  };
  let priced = true;
  const value = createMovementValuer({
    journal: store,
    feedFor: () => (priced ? feed : { ...feed, rows: [] }),
    now: () => new Date('2030-01-01T00:00:30.000Z'),
    warn: (line) => {
      throw new Error(line);
    },
  });
  const withdraw = async (body: Record<string, unknown>, answer: Record<string, unknown>) => {
    const id = await store.begin('createWithdrawal', { ...live, requestBody: body });
    await store.settle(id, {
      outcome: 'accepted',
      response: { status: 'success', data: answer },
      externalIds: { withdrawalId: String(answer.withdrawal_id) },
    });
    await value(id, 'settle');
    return id;
  };
  const webhook = async (
    withdrawalId: string,
    event: 'withdrawal.success' | 'withdrawal.failed',
    data: Record<string, unknown>,
  ) => {
    const applied = await store.applyWithdrawalEvent(
      withdrawalId,
      event,
      { event, data: { withdrawal_id: withdrawalId, ...data } },
      live.profileId,
    );
    if (applied.applied) await value(applied.entryId, event);
  };

  await withdraw(
    { coin: 'usdt', network: 'tron', amount: '125.50', to_address: 'TXYZabc123' },
    {
      withdrawal_id: 'WD-1',
      amounts: { requested: '125.50', debit: '126.50', receive: '125.50' },
      fees: { total: '1.00' },
    },
  );
  await webhook('WD-1', 'withdrawal.success', { status: 'completed', tx_hash: 'f00dcafe01' });
  await withdraw(
    { coin: 'btc', network: 'btc', amount: '0.015', to_address: '=bc1q,"x"' },
    {
      withdrawal_id: 'WD-2',
      amounts: { requested: '0.015', debit: '0.0152', receive: '0.015' },
      fees: { total: '0.0002' },
    },
  );
  await webhook('WD-2', 'withdrawal.failed', { status: 'failed', failure_reason: 'Rejected by the network' });

  const inv = await store.begin('createInvoice', {
    ...live,
    requestBody: { order_id: 'Café-Ünïcode №7, "quoted"', amount: '36.40' },
  });
  await store.settle(inv, { outcome: 'accepted', externalIds: { invoiceId: 'INV-1', invoiceCode: 'CODE1' } });
  const paid = {
    invoice_id: 'INV-1',
    code: 'CODE1',
    coin: 'ltc',
    network: 'ltc',
    payed_crypto: '0.51234567',
    credited_crypto: '0.50722222',
    transaction_list: ['0xabc'],
  };
  const applied = await store.applyInvoiceEvent(
    { profileId: live.profileId, invoiceId: 'INV-1' },
    'invoice.paid',
    { event: 'invoice.paid', data: paid },
  );
  if (applied.applied) await value(applied.entryId, 'invoice.paid', { data: paid });

  // A deposit to a wallet: no entry, valued all the same; its second delivery adds nothing.
  const deposit = (tx: string, amount: string, quiet: boolean) =>
    value.deposit({
      profileId: live.profileId,
      event: 'wallet.transaction',
      payload: {
        event: 'wallet.transaction',
        data: { wallet_id: 'W-1', coin: 'usdt', network: 'tron', amount, tx_hash: tx, status: 'confirmed' },
      },
      receivedAt: '2030-01-01T00:00:10.000Z',
      dedupeKey: `delivery-${tx}`,
      quiet,
    });
  await deposit('d3p0517', '250.25', false);
  await deposit('d3p0517', '250.25', false);
  await deposit('01dnews', '40', true);

  // An answer lost, then resolved by a person: a movement nobody valued.
  const lost = await store.begin('createWithdrawal', {
    ...live,
    requestBody: { coin: 'usdt', network: 'tron', amount: '10', to_address: 'TLost001' },
  });
  await store.settle(lost, { outcome: 'unknown', error: { kind: 'transport', message: 'timeout' } });
  await store.resolve(lost, {
    by: 'person',
    person: 'Åsa Öberg',
    performed: true,
    reason: 'Seen in the service dashboard',
    externalIds: { withdrawalId: 'WD-3' },
  });

  priced = false;
  await withdraw(
    { coin: 'usdt', network: 'tron', amount: '5', to_address: '=cmd|calc' },
    { withdrawal_id: 'WD-4' },
  );
  priced = true;
  // After the period: never in its files.
  t = Date.parse('2030-01-01T02:00:00Z');
  await withdraw(
    { coin: 'usdt', network: 'tron', amount: '7', to_address: 'TLater01' },
    { withdrawal_id: 'WD-5' },
  );
  return { store, cleanup: temp.cleanup };
}
