import { useEffect } from 'react';
import { subscribe } from '../../lib/ipc';

/**
 * Reads the team's records now, again whenever the team changes on its server (a desk enrolled or
 * revoked, a role or a treasury desk changed: main's team:changed) and when the window comes back to
 * the front, so a list open on one desk follows what another desk did.
 */
export function useTeamReload(load: () => Promise<void>): void {
  useEffect(() => {
    void load();
    const stop = subscribe('team:changed', () => void load());
    const onFocus = () => void load();
    window.addEventListener('focus', onFocus);
    return () => {
      stop();
      window.removeEventListener('focus', onFocus);
    };
  }, [load]);
}
