import { EnvironmentBadge } from './EnvironmentBadge';
import { ProfileSwitcher } from './ProfileSwitcher';
import { selectActiveProfile, useShellStore } from '../stores/shell-store';
import { StatusIndicators } from './StatusIndicators';
import { TeamIndicator } from '../features/team/TeamIndicator';

export function TopBar() {
  const profile = useShellStore(selectActiveProfile);
  return (
    <header className={`topbar topbar--${profile?.environment ?? 'unknown'}`} data-testid="topbar">
      {profile && <EnvironmentBadge environment={profile.environment} />}
      <ProfileSwitcher />
      <TeamIndicator />
      <StatusIndicators />
    </header>
  );
}
