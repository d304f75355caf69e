import type { ConnectionStatus } from '@contract';
import { toBalancesView } from '../../services/balances-view';
import { catalogPairs } from '../../services/rates-view';
import type { Disposer } from '../lifecycle';
import type { ProfileScope } from '../profile-scope';
import { handleAll, type ChannelRegistry } from './channels';

export interface MarketModuleDeps {
  scope: () => Pick<ProfileScope, 'read' | 'rates' | 'history' | 'session'>;
  connectionStatus: () => ConnectionStatus;
  /** Opens a checkout page in the system browser; false when the URL is not one we allow. */
  openExternal: (url: string) => Promise<boolean>;
  now?: () => Date;
}

/** Balances, fees, rates, clock, connection status, and opening a checkout page. */
export function registerMarket(router: ChannelRegistry, deps: MarketModuleDeps): Disposer {
  const now = deps.now ?? (() => new Date());
  return handleAll(router, {
    // A read writes nothing: the scope's timer keeps the balance snapshots (profile-scope.ts).
    'balances:get': async () =>
      toBalancesView(await deps.scope().read((s) => s.client.getMerchantBalances()), now()),
    'balances:history': () => ({ points: deps.scope().history.points() }),
    'fees:get': async () => {
      const scope = deps.scope();
      const fees = await scope.read((s) => s.client.getMerchantFees());
      // Beside the merchant's own quote, the public catalog (clearly labelled as such in the UI).
      return { fees, fetchedAt: now().toISOString(), catalog: catalogPairs(scope.rates.snapshot().rows) };
    },
    // Named by the scope's profile, so a store can tell one profile's prices and pairs from another's.
    'rates:snapshot': () => {
      const scope = deps.scope();
      return { ...scope.rates.snapshot(), profileId: scope.session.profile.id };
    },
    'rates:pause': ({ paused }) => {
      const scope = deps.scope();
      return { ...scope.rates.setPaused(paused), profileId: scope.session.profile.id };
    },
    'clock:skew': () => deps.scope().session.client.getClockSkew() ?? null,
    'connection:status': () => deps.connectionStatus(),
    'shell:open-checkout': async ({ url }) => ({ opened: await deps.openExternal(url) }),
  });
}
