import type { ReconFactsStore } from '../../storage/port/recon-store';
import { listMoneyIn } from '../../services/money-in';
import type { Disposer } from '../lifecycle';
import { handleAll, type ChannelRegistry } from './channels';

export interface MoneyInModuleDeps {
  facts: Pick<ReconFactsStore, 'pairsBetween' | 'movementFacts' | 'movementsById'>;
  /** The active profile's id: main decides whose money in is read, never the renderer. */
  activeProfileId: () => string;
}

/** The ledger of money in: invoice payments and wallet deposits that verified webhooks reported. */
export function registerMoneyIn(router: ChannelRegistry, deps: MoneyInModuleDeps): Disposer {
  return handleAll(router, {
    'moneyIn:list': (query) => listMoneyIn(deps.facts, deps.activeProfileId(), query),
  });
}
