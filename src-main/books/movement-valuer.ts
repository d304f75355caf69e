import type { JournalStore } from '../storage/port';
import { movementAsset, quoteRate, type RatesFeed } from './rate-quote';

export interface MovementValuerDeps {
  journal: Pick<JournalStore, 'get' | 'recordRate'>;
  /** The rates feed the desk reads for this profile now, or null (only the active profile's is read). */
  feedFor: (profileId: string) => RatesFeed | null;
  now?: () => Date;
  warn: (line: string) => void;
}

/** Values one recorded movement: `movement` is the event that recorded it (`settle` or a webhook's). */
export type MovementValuer = (entryId: number, movement: string, payload?: unknown) => Promise<void>;

/**
 * Records, beside a movement just recorded, the rate it is worth at (rate provenance). It runs after
 * the movement is in the journal and never throws: valuing is bookkeeping, and a failure here must
 * not touch the write or the webhook it follows. A movement left unvalued shows as "no rate".
 */
export function createMovementValuer(deps: MovementValuerDeps): MovementValuer {
  const now = deps.now ?? (() => new Date());
  return async (entryId, movement, payload) => {
    try {
      const entry = await deps.journal.get(entryId);
      if (!entry) return;
      const asset = movementAsset(entry, movement, payload);
      if (asset === undefined) return;
      const record = quoteRate(deps.feedFor(entry.profileId), asset, movement, now());
      await deps.journal.recordRate(entryId, record);
    } catch (error) {
      deps.warn(`books: the rate of entry #${entryId} (${movement}) was not recorded: ${String(error)}`);
    }
  };
}
