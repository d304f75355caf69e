import type { ComponentType } from 'react';
import { named } from '../lib/lazy-named';
import type { ScreenId } from './routes';

/**
 * Every screen, Overview included, is its own chunk loaded on first visit: the first chunk holds the
 * shell only, so the navigation is usable (and the screen's skeleton shown) before any screen's code
 * has arrived. Overview's chunk is fetched at once by the first render, in parallel with its data.
 */
export const SCREEN_COMPONENTS: Record<ScreenId, ComponentType> = {
  overview: named(() => import('../features/overview/OverviewScreen'), 'OverviewScreen'),
  invoices: named(() => import('../features/invoices/InvoicesScreen'), 'InvoicesScreen'),
  withdrawals: named(() => import('../features/withdrawals/WithdrawalsScreen'), 'WithdrawalsScreen'),
  wallets: named(() => import('../features/wallets/WalletsScreen'), 'WalletsScreen'),
  'money-in': named(() => import('../features/money-in/MoneyInScreen'), 'MoneyInScreen'),
  rates: named(() => import('../features/rates/RatesScreen'), 'RatesScreen'),
  fees: named(() => import('../features/fees/FeesScreen'), 'FeesScreen'),
  journal: named(() => import('../features/journal/JournalScreen'), 'JournalScreen'),
  reconcile: named(() => import('../features/reconcile/ReconcileScreen'), 'ReconcileScreen'),
  webhooks: named(() => import('../features/webhooks/WebhooksScreen'), 'WebhooksScreen'),
  settings: named(() => import('../features/settings/SettingsScreen'), 'SettingsScreen'),
  sandbox: named(() => import('../features/sandbox/SandboxScreen'), 'SandboxScreen'),
  approvals: named(() => import('../features/approvals/ApprovalsScreen'), 'ApprovalsScreen'),
};
