import type { MoneyInItem, MoneyInKind, MoneyInList } from '@shared/domain/money-in';
import type { ReconFactsStore } from '../storage/port/recon-store';
import type { Movement } from '../storage/port/recon-types';

export interface MoneyInFilter {
  kind?: MoneyInKind;
  coin?: string;
  network?: string;
  from?: string;
  to?: string;
  limit: number;
}

/** Before any time the desk can record, and after any: the bounds of an open range (times are UTC ISO text). */
const EARLIEST = '';
const LATEST = '9999-12-31T23:59:59.999Z';

const KIND_OF: Partial<Record<Movement['kind'], MoneyInKind>> = {
  'invoice-credit': 'invoice-payment',
  'wallet-deposit': 'wallet-deposit',
};

/**
 * The ids a movement's key carries (movements.ts's factKey): `wallet:<wallet>:<tx hash>` for a
 * deposit, `invoice:<id>:<event>` for an invoice credit. The key is the only place they are kept.
 */
function idsOfKey(key: string) {
  const wallet = /^wallet:([^:]+):(.+)$/.exec(key);
  if (wallet) return { walletId: wallet[1]!, txHash: wallet[2]!, invoiceId: null };
  const invoice = /^invoice:(.+):invoice\.[a-z_.]+$/.exec(key);
  return { walletId: null, txHash: null, invoiceId: invoice ? invoice[1]! : null };
}

function itemOf(m: Movement, kind: MoneyInKind): MoneyInItem {
  return {
    key: m.key,
    kind,
    coin: m.coin,
    network: m.network,
    amount: m.amount,
    at: m.at,
    ...idsOfKey(m.key),
    entryId: m.entryId === null ? null : String(m.entryId),
  };
}

/**
 * A profile's money in, newest first: the credits verified webhooks reported, as reconciliation
 * recorded them (one per fact, however often it was delivered). Read pair by pair, as the store
 * answers; a desk's pairs are few.
 */
export async function listMoneyIn(
  facts: Pick<ReconFactsStore, 'pairsBetween' | 'movementFacts' | 'movementsById'>,
  profileId: string,
  filter: MoneyInFilter,
): Promise<MoneyInList> {
  const from = filter.from ?? EARLIEST;
  const to = filter.to ?? LATEST;
  const pairs = (await facts.pairsBetween(profileId, from, to)).filter(
    (p) => (!filter.coin || p.coin === filter.coin) && (!filter.network || p.network === filter.network),
  );
  const ids: number[] = [];
  for (const pair of pairs) {
    // Credits only raise the balance: a fact whose effect is not positive is no money in.
    for (const fact of await facts.movementFacts(profileId, pair, from, to))
      if (!fact.effect.startsWith('-') && fact.effect.replace(/[0.]/g, '') !== '') ids.push(fact.id);
  }
  const movements = ids.length ? [...(await facts.movementsById(ids)).values()] : [];
  const items = movements
    .flatMap((m) => {
      const kind = KIND_OF[m.kind];
      return kind && (!filter.kind || filter.kind === kind) ? [itemOf(m, kind)] : [];
    })
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.key < b.key ? 1 : -1));
  return { items: items.slice(0, filter.limit), total: items.length };
}
