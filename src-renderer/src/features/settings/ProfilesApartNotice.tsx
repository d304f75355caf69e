import { useCallback, useEffect, useState } from 'react';
import type { Profile, ProfilesView } from '@contract';
import { callMerchant, subscribe } from '../../lib/ipc';
import { useTeamStore } from '../../stores/team-store';

/**
 * Settings → Team, on a desk of a team: each profile whose id is not its merchant account's (made
 * before ids named accounts, or its merchant ID changed since), so other desks do not see what it
 * records. Main decides which profiles these are (profiles:list's notLinedUp); this only says so.
 */
export function ProfilesApartNotice() {
  const joined = useTeamStore((s) => s.status?.joined === true);
  const [apart, setApart] = useState<Profile[]>([]);
  const show = useCallback((view: ProfilesView) => {
    const ids = new Set(view.notLinedUp ?? []);
    setApart(view.profiles.filter((p) => ids.has(p.id)));
  }, []);
  useEffect(() => {
    if (!joined) return;
    void callMerchant((api) => api.profiles.list()).then((result) => {
      if (result.ok) show(result.data);
    });
  }, [joined, show]);
  useEffect(() => subscribe('profiles:changed', show), [show]);

  if (!joined || apart.length === 0) return null;
  return (
    <div className="notice notice--warn" role="note" data-testid="profiles-apart">
      <p className="notice__title">Profiles the other desks do not see</p>
      {apart.map((p) => (
        <p key={p.id} data-testid="profile-apart">
          “{p.name}” (merchant ID {p.merchantId}, {p.environment}) has an id of this desk’s own: other desks
          do not see what it records, and a treasury desk cannot send what is prepared from it. Add the
          profile again with the same merchant ID (it then gets the id every desk shares), and remove this one
          once nothing of it is in flight or unknown.
        </p>
      ))}
    </div>
  );
}
