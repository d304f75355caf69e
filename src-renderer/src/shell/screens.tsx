import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { OverviewScreen } from '../features/overview/OverviewScreen';
import type { ScreenId } from './routes';

/** Overview ships in the first chunk (it is the first thing seen); every other screen loads on first visit. */
const named = <K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> => lazy(() => load().then((m) => ({ default: m[name] })));

export const SCREEN_COMPONENTS: Record<ScreenId, ComponentType> = {
  overview: OverviewScreen,
  invoices: named(() => import('../features/invoices/InvoicesScreen'), 'InvoicesScreen'),
  withdrawals: named(() => import('../features/withdrawals/WithdrawalsScreen'), 'WithdrawalsScreen'),
  wallets: named(() => import('../features/wallets/WalletsScreen'), 'WalletsScreen'),
  rates: named(() => import('../features/rates/RatesScreen'), 'RatesScreen'),
  fees: named(() => import('../features/fees/FeesScreen'), 'FeesScreen'),
  journal: named(() => import('../features/journal/JournalScreen'), 'JournalScreen'),
  reconcile: named(() => import('../features/reconcile/ReconcileScreen'), 'ReconcileScreen'),
  webhooks: named(() => import('../features/webhooks/WebhooksScreen'), 'WebhooksScreen'),
  settings: named(() => import('../features/settings/SettingsScreen'), 'SettingsScreen'),
  sandbox: named(() => import('../features/sandbox/SandboxScreen'), 'SandboxScreen'),
};
