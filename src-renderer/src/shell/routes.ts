/**
 * The screens in navigation order; the hash (#/rates) is the route so e2e specs can open any screen
 * directly. `soon` marks a screen that is still a placeholder, so the navigation can say so.
 */
export const SCREENS = [
  { id: 'overview', label: 'Overview', soon: false },
  { id: 'invoices', label: 'Invoices', soon: true },
  { id: 'withdrawals', label: 'Withdrawals', soon: true },
  { id: 'wallets', label: 'Wallets', soon: false },
  { id: 'rates', label: 'Rates', soon: false },
  { id: 'fees', label: 'Fees', soon: false },
  { id: 'journal', label: 'Journal', soon: true },
  { id: 'webhooks', label: 'Webhooks', soon: true },
  { id: 'settings', label: 'Settings', soon: false },
] as const;

export type ScreenId = (typeof SCREENS)[number]['id'];

export function screenFromHash(hash: string): ScreenId {
  const id = hash.replace(/^#\/?/, '').split(/[/?]/)[0] ?? '';
  return SCREENS.find((s) => s.id === id)?.id ?? 'overview';
}
