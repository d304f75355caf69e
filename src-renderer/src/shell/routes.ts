import { SANDBOX_PROFILE_ID } from '../features/settings/sandbox-profile';

/**
 * The screens in navigation order; the hash (#/rates) is the route so e2e specs can open any screen
 * directly.
 */
export const SCREENS = [
  { id: 'overview', label: 'Overview' },
  { id: 'invoices', label: 'Invoices' },
  { id: 'withdrawals', label: 'Withdrawals' },
  { id: 'wallets', label: 'Wallets' },
  { id: 'money-in', label: 'Money in' },
  { id: 'rates', label: 'Rates' },
  { id: 'fees', label: 'Fees' },
  { id: 'journal', label: 'Journal' },
  { id: 'reconcile', label: 'Reconcile' },
  { id: 'webhooks', label: 'Webhooks' },
  { id: 'settings', label: 'Settings' },
  { id: 'sandbox', label: 'Sandbox controls' },
] as const;

export type ScreenId = (typeof SCREENS)[number]['id'];

/** Screens that exist only while the built-in Sandbox profile is active (UX rule 2: no Sandbox copy in live). */
const SANDBOX_ONLY: ReadonlySet<ScreenId> = new Set<ScreenId>(['sandbox']);

/** Sandbox-only screens and controls follow the built-in Sandbox profile, not any sandbox-environment one. */
export function isSandboxProfile(profileId: string | null | undefined): boolean {
  return profileId === SANDBOX_PROFILE_ID;
}

export function isSandboxOnly(id: ScreenId): boolean {
  return SANDBOX_ONLY.has(id);
}

/** The screens the navigation lists for the active profile. */
export function visibleScreens(sandboxActive: boolean) {
  return SCREENS.filter((s) => sandboxActive || !isSandboxOnly(s.id));
}

/** The screen a hash opens; a Sandbox-only screen asked for under any other profile opens Overview. */
export function screenFromHash(hash: string, sandboxActive = false): ScreenId {
  const id = hash.replace(/^#\/?/, '').split(/[/?]/)[0] ?? '';
  return visibleScreens(sandboxActive).find((s) => s.id === id)?.id ?? 'overview';
}
