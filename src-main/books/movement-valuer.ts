import type { JournalStore } from '../storage/port';
import type { RateRecord } from '../storage/port/rate-record';
import { movementOfDelivery } from '../services/reconciliation/movements';
import type { VerifiedEvent } from '../services/webhook-intake';
import { movementAsset, quoteRate, type RatesFeed } from './rate-quote';

export interface MovementValuerDeps {
  journal: Pick<JournalStore, 'get' | 'recordRate' | 'recordDeposit'>;
  /** The rates feed the desk reads for this profile now, or null (only the active profile's is read). */
  feedFor: (profileId: string) => RatesFeed | null;
  now?: () => Date;
  warn: (line: string) => void;
}

/**
 * Values one recorded movement: `movement` is the event that recorded it (`settle` or a webhook's).
 * `deposit` values a verified wallet deposit, which belongs to no entry, and records it with its rate.
 */
export type MovementValuer = ((entryId: number, movement: string, payload?: unknown) => Promise<void>) & {
  deposit: (verified: Omit<VerifiedEvent, 'appliedTo' | 'parked'>) => Promise<void>;
};

/** Why an imported deposit has no rate: the feed's price now is not the price of its moment. */
const IMPORTED =
  'it was recorded from an import of past deliveries, when the rate of its moment could not be read';

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/**
 * Records, beside a movement just recorded, the rate it is worth at (rate provenance). It runs after
 * the movement is in the journal and never throws: valuing is bookkeeping, and a failure here must
 * not touch the write or the webhook it follows. A movement left unvalued shows as "no rate".
 */
export function createMovementValuer(deps: MovementValuerDeps): MovementValuer {
  const now = deps.now ?? (() => new Date());
  const quote = (profileId: string, asset: string | null, movement: string): RateRecord =>
    quoteRate(deps.feedFor(profileId), asset, movement, now());
  const value = async (entryId: number, movement: string, payload?: unknown) => {
    try {
      const entry = await deps.journal.get(entryId);
      if (!entry) return;
      const asset = movementAsset(entry, movement, payload);
      if (asset === undefined) return;
      await deps.journal.recordRate(entryId, quote(entry.profileId, asset, movement));
    } catch (error) {
      deps.warn(`books: the rate of entry #${entryId} (${movement}) was not recorded: ${String(error)}`);
    }
  };
  // The same fact as reconciliation records (its key and reading of the body), so the deposit the
  // books export is the one the reconciliation counts. A second delivery of it records nothing.
  const deposit: MovementValuer['deposit'] = async (v) => {
    try {
      const found = movementOfDelivery({ ...v, fallbackKey: v.dedupeKey });
      if (found?.kind !== 'wallet-deposit') return;
      const asset = found.coin.toUpperCase();
      const rate = v.quiet
        ? { ...quoteRate(null, asset, v.event, now()), missing: IMPORTED }
        : quote(v.profileId, asset, v.event);
      const data = (v.payload.data ?? {}) as Record<string, unknown>;
      await deps.journal.recordDeposit({
        profileId: v.profileId,
        key: found.key,
        walletId: text(data.wallet_id),
        txHash: text(data.tx_hash),
        coin: found.coin,
        network: found.network,
        amount: found.amount,
        occurredAt: found.at,
        rate,
      });
    } catch (error) {
      deps.warn(`books: a wallet deposit (${v.event}) and its rate were not recorded: ${String(error)}`);
    }
  };
  return Object.assign(value, { deposit });
}
