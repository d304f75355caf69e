import type { Profile } from '@contract';

/** The one wording of each environment, used by the badge, the menu, the window title and announcements. */
export function environmentWords(environment: Profile['environment']) {
  return environment === 'live'
    ? { short: 'LIVE', detail: 'real funds', spoken: 'LIVE, real funds' }
    : { short: 'SANDBOX', detail: 'play money', spoken: 'Sandbox, play money' };
}

/** "LIVE · Acme · Rates — Merchant Desk": the window title carries the environment (UX rule 2). */
export function windowTitle(profile: Pick<Profile, 'name' | 'environment'> | null, screen: string): string {
  if (!profile) return `${screen} — Merchant Desk`;
  return `${environmentWords(profile.environment).short} · ${profile.name} · ${screen} — Merchant Desk`;
}
