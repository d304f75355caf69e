/** The screens in navigation order; the hash (#/rates) is the route so e2e specs can open any screen directly. */
export const SCREENS = [
  { id: 'overview', label: 'Overview' },
  { id: 'invoices', label: 'Invoices' },
  { id: 'withdrawals', label: 'Withdrawals' },
  { id: 'wallets', label: 'Wallets' },
  { id: 'rates', label: 'Rates' },
  { id: 'fees', label: 'Fees' },
  { id: 'journal', label: 'Journal' },
  { id: 'webhooks', label: 'Webhooks' },
  { id: 'settings', label: 'Settings' },
] as const;

export type ScreenId = (typeof SCREENS)[number]['id'];

export function screenFromHash(hash: string): ScreenId {
  const id = hash.replace(/^#\/?/, '').split(/[/?]/)[0] ?? '';
  return SCREENS.find((s) => s.id === id)?.id ?? 'overview';
}
