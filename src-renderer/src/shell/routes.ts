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

/**
 * Screens that exist only on a desk of a team (issue 28): listed after Withdrawals while this desk is
 * joined. Kept out of SCREENS, which the renderer benchmark visits one by one on a desk alone.
 */
export const TEAM_SCREENS = [{ id: 'approvals', label: 'Approvals' }] as const;

export type ScreenId = (typeof SCREENS)[number]['id'] | (typeof TEAM_SCREENS)[number]['id'];

/** A screen's label, team screens included. */
export function screenLabel(id: ScreenId): string {
  return [...SCREENS, ...TEAM_SCREENS].find((s) => s.id === id)?.label ?? 'Overview';
}

/** Screens that exist only while the built-in Sandbox profile is active (UX rule 2: no Sandbox copy in live). */
const SANDBOX_ONLY: ReadonlySet<ScreenId> = new Set<ScreenId>(['sandbox']);

/** Sandbox-only screens and controls follow the built-in Sandbox profile, not any sandbox-environment one. */
export function isSandboxProfile(profileId: string | null | undefined): boolean {
  return profileId === SANDBOX_PROFILE_ID;
}

export function isSandboxOnly(id: ScreenId): boolean {
  return SANDBOX_ONLY.has(id);
}

/** The screens the navigation lists for the active profile (and, on a team, the team's screens). */
export function visibleScreens(
  sandboxActive: boolean,
  teamJoined = false,
): ReadonlyArray<{ id: ScreenId; label: string }> {
  const screens = SCREENS.filter((s) => sandboxActive || !isSandboxOnly(s.id));
  if (!teamJoined) return screens;
  const after = screens.findIndex((s) => s.id === 'withdrawals') + 1;
  return [...screens.slice(0, after), ...TEAM_SCREENS, ...screens.slice(after)];
}

/** The screen a hash opens; a Sandbox-only screen asked for under any other profile opens Overview. */
export function screenFromHash(hash: string, sandboxActive = false, teamJoined = false): ScreenId {
  const id = hash.replace(/^#\/?/, '').split(/[/?]/)[0] ?? '';
  return visibleScreens(sandboxActive, teamJoined).find((s) => s.id === id)?.id ?? 'overview';
}
