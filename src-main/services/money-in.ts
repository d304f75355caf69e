import type { MoneyInItem, MoneyInKind, MoneyInList } from '@shared/domain/money-in';
import type { JournalStore } from '../storage/port';
import type { ReconFactsStore } from '../storage/port/recon-store';
import type { Movement } from '../storage/port/recon-types';
import { explorerState } from './explorer-links';
import { invoiceCreditDetails } from './money-details';

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

/** A credit as the movement record holds it; the webhook's details are added by withDetails. */
type BaseItem = Omit<MoneyInItem, 'paid' | 'fee' | 'feeSource' | 'txHashes' | 'explorer'>;

function itemOf(m: Movement, kind: MoneyInKind): BaseItem {
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

export interface DetailSources {
  /** False for a Sandbox profile (see explorerState). */
  onChain: boolean;
  /** The entry's timeline: an invoice's verified webhooks are recorded there with their bodies. */
  journal: Pick<JournalStore, 'events'>;
}

/** The webhook body recorded in an invoice entry's timeline for this event, newest first. */
async function invoicePayload(journal: DetailSources['journal'], entryId: string, key: string) {
  const event = /:(invoice\.[a-z_.]+)$/.exec(key)?.[1];
  const events = await journal.events(Number(entryId));
  for (const e of [...events].reverse()) {
    const detail = (e.detail ?? {}) as { event?: unknown; payload?: unknown };
    if (e.type === 'webhook' && detail.event === event) return detail.payload;
  }
  return null;
}

/**
 * Each credit with what its webhook says beside the amount: what the payer sent, the fees, the
 * transactions, and whether main can open them in an explorer. A deposit's webhook names its
 * transaction (kept in its key) and no fee; an invoice's body is in its entry's timeline, and an
 * invoice paid outside the desk has no entry, so its details are not known.
 */
export async function withDetails(items: readonly BaseItem[], src: DetailSources): Promise<MoneyInItem[]> {
  const out: MoneyInItem[] = [];
  for (const item of items) {
    const details =
      item.kind === 'invoice-payment'
        ? item.entryId
          ? invoiceCreditDetails(await invoicePayload(src.journal, item.entryId, item.key), item.amount)
          : { paid: null, fee: null, feeSource: null, txHashes: [] }
        : { paid: null, fee: null, feeSource: null, txHashes: item.txHash ? [item.txHash] : [] };
    out.push({
      ...item,
      ...details,
      txHash: details.txHashes[0] ?? null,
      explorer: explorerState(src.onChain, item.network, details.txHashes[0]),
    });
  }
  return out;
}

type Facts = Pick<ReconFactsStore, 'pairsBetween' | 'movementFacts' | 'movementsById'>;

/** Every credit the filter selects, newest first, as the movement records hold them. */
async function creditsOf(facts: Facts, profileId: string, filter: Omit<MoneyInFilter, 'limit'>) {
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
  return movements
    .flatMap((m) => {
      const kind = KIND_OF[m.kind];
      return kind && (!filter.kind || filter.kind === kind) ? [itemOf(m, kind)] : [];
    })
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.key < b.key ? 1 : -1));
}

/**
 * A profile's money in, newest first: the credits verified webhooks reported, as reconciliation
 * recorded them (one per fact, however often it was delivered). Read pair by pair, as the store
 * answers; a desk's pairs are few. Only the rows returned are read in detail.
 */
export async function listMoneyIn(
  facts: Facts,
  profileId: string,
  filter: MoneyInFilter,
  details: DetailSources,
): Promise<MoneyInList> {
  const items = await creditsOf(facts, profileId, filter);
  return { items: await withDetails(items.slice(0, filter.limit), details), total: items.length };
}

/** One credit of the profile by its key, with its details; null when the profile has none such. */
export async function findMoneyIn(
  facts: Facts,
  profileId: string,
  key: string,
  details: DetailSources,
): Promise<MoneyInItem | null> {
  const found = (await creditsOf(facts, profileId, {})).find((i) => i.key === key);
  return found ? ((await withDetails([found], details))[0] ?? null) : null;
}
