import type { BalancesView, ConnectionStatus } from '@contract';
import { toBalancesView } from '../../services/balances-view';
import { catalogPairs } from '../../services/rates-view';
import type { Disposer } from '../lifecycle';
import type { ProfileScope } from '../profile-scope';
import { handleAll, type ChannelRegistry } from './channels';

export interface MarketModuleDeps {
  scope: () => Pick<ProfileScope, 'read' | 'rates' | 'history' | 'session' | 'signal'>;
  connectionStatus: () => ConnectionStatus;
  /** Opens a checkout page in the system browser; false when the URL is not one we allow. */
  openExternal: (url: string) => Promise<boolean>;
  /** Each balances read of a profile (reconciliation keeps per-asset snapshots of it). */
  onBalances?: (profileId: string, view: BalancesView) => void;
  now?: () => Date;
}

/** Balances, fees, rates, clock, connection status, and opening a checkout page. */
export function registerMarket(router: ChannelRegistry, deps: MarketModuleDeps): Disposer {
  const now = deps.now ?? (() => new Date());
  return handleAll(router, {
    'balances:get': async () => {
      const scope = deps.scope();
      const view = toBalancesView(await scope.read((s) => s.client.getMerchantBalances()), now());
      // A switch while the request was out: the answer still goes back to whoever asked, but the
      // ended scope's history is left alone (a new scope for the same profile owns the file now).
      if (!scope.signal.aborted) {
        scope.history.record({ at: view.fetchedAt, totalUsd: view.totalUsd });
        deps.onBalances?.(scope.session.profile.id, view);
      }
      return view;
    },
    'balances:history': () => ({ points: deps.scope().history.points() }),
    'fees:get': async () => {
      const scope = deps.scope();
      const fees = await scope.read((s) => s.client.getMerchantFees());
      // Beside the merchant's own quote, the public catalog (clearly labelled as such in the UI).
      return { fees, fetchedAt: now().toISOString(), catalog: catalogPairs(scope.rates.snapshot().rows) };
    },
    'rates:snapshot': () => deps.scope().rates.snapshot(),
    'rates:pause': ({ paused }) => deps.scope().rates.setPaused(paused),
    'clock:skew': () => deps.scope().session.client.getClockSkew() ?? null,
    'connection:status': () => deps.connectionStatus(),
    'shell:open-checkout': async ({ url }) => ({ opened: await deps.openExternal(url) }),
  });
}
