import { useId } from 'react';
import { useShellStore } from './shell-store';

/** Switching profile changes whose money is on screen, so it is a labelled, deliberate control. */
export function ProfileSwitcher() {
  const profiles = useShellStore((s) => s.profiles);
  const activeId = useShellStore((s) => s.activeId);
  const switching = useShellStore((s) => s.switching);
  const activate = useShellStore((s) => s.activate);
  const id = useId();
  return (
    <div className="profile-switcher">
      <label htmlFor={id}>Profile</label>
      <select
        id={id}
        value={activeId ?? ''}
        disabled={switching || profiles.length === 0}
        onChange={(e) => void activate(e.target.value)}
        data-testid="profile-switcher"
      >
        {profiles.length === 0 && <option value="">Loading…</option>}
        {profiles.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name} ({p.environment === 'live' ? 'LIVE' : 'Sandbox'})
          </option>
        ))}
      </select>
    </div>
  );
}
