import { EMBEDDED_BASE_URL, type Profile } from '@shared/domain/profile';
import { AppError } from '@shared/errors';
import type { JournalStore } from '../../storage/port';
import type { ReconFactsStore } from '../../storage/port/recon-store';
import { explorerState, explorerUrl, NOT_OPENED } from '../../services/explorer-links';
import { findMoneyIn, listMoneyIn } from '../../services/money-in';
import { completionOf, completionsOf } from '../../services/withdrawal-completion';
import type { Disposer } from '../lifecycle';
import { handleAll, type ChannelRegistry } from './channels';

export interface MoneyInModuleDeps {
  facts: Pick<ReconFactsStore, 'pairsBetween' | 'movementFacts' | 'movementsById'>;
  /** Entries and their timelines: verified webhooks are recorded there with their bodies. */
  journal: Pick<JournalStore, 'get' | 'events'>;
  /** The active profile: main decides whose money is read, never the renderer. */
  activeProfile: () => Pick<Profile, 'id' | 'environment' | 'baseUrl'>;
  /**
   * Opens a URL in the system browser (https only, no credentials: the app's opener). Given only the
   * URLs explorer-links builds from its fixed table; the checkout pages' allow-list is not involved.
   */
  openExternal: (url: string) => Promise<boolean>;
}

/** A Sandbox's transactions are on no chain: the built-in one, and any profile labelled Sandbox. */
const onChain = (p: Pick<Profile, 'environment' | 'baseUrl'>) =>
  p.environment === 'live' && p.baseUrl !== EMBEDDED_BASE_URL;

/**
 * The ledger of money in (invoice payments and wallet deposits that verified webhooks reported), what
 * settled withdrawals' webhooks said, and opening either's transaction in a block explorer.
 */
export function registerMoneyIn(router: ChannelRegistry, deps: MoneyInModuleDeps): Disposer {
  const sources = () => {
    const profile = deps.activeProfile();
    return { profile, details: { onChain: onChain(profile), journal: deps.journal } };
  };
  async function open(network: string, hash: string | null) {
    const { details } = sources();
    const target = explorerUrl(details.onChain, network, hash);
    if (!target) {
      const state = explorerState(details.onChain, network, hash);
      return { opened: false, host: null, reason: state === 'link' ? null : NOT_OPENED[state] };
    }
    const opened = await deps.openExternal(target.url);
    return {
      opened,
      host: opened ? target.host : null,
      reason: opened ? null : `The system browser did not open ${target.host}.`,
    };
  }
  return handleAll(router, {
    'moneyIn:list': (query) => {
      const { profile, details } = sources();
      return listMoneyIn(deps.facts, profile.id, query, details);
    },
    'withdrawals:completion': async ({ ids }) => {
      const { profile, details } = sources();
      return { items: await completionsOf({ ...details, profileId: profile.id }, ids) };
    },
    'explorer:open': async (request) => {
      const { profile, details } = sources();
      if (request.of === 'money-in') {
        const item = await findMoneyIn(deps.facts, profile.id, request.key, details);
        if (!item) throw new AppError('journal-not-found', 'That payment or deposit is not in this profile.');
        const hash = item.txHashes[request.index];
        if (!hash) throw new AppError('journal-not-found', 'The webhook named no such transaction.');
        return open(item.network, hash);
      }
      const done = await completionOf({ ...details, profileId: profile.id }, request.entryId);
      if (!done)
        throw new AppError(
          'journal-not-found',
          `Withdrawal #${request.entryId} of this profile has no completion webhook to open.`,
        );
      return open(done.network, done.txHash);
    },
  });
}
