import { Suspense } from 'react';
import { EnvironmentBadge } from './EnvironmentBadge';
import { ProfileSwitcher } from './ProfileSwitcher';
import { selectActiveProfile, useShellStore } from '../stores/shell-store';
import { StatusIndicators } from './StatusIndicators';
import { TeamIndicator } from './lazy-parts';
import { useAfterFirstPaint } from './use-after-first-paint';

export function TopBar() {
  const profile = useShellStore(selectActiveProfile);
  const painted = useAfterFirstPaint();
  return (
    <header className={`topbar topbar--${profile?.environment ?? 'unknown'}`} data-testid="topbar">
      {profile && <EnvironmentBadge environment={profile.environment} />}
      <ProfileSwitcher />
      {/* A team's status is read after the first paint, with the shell's other parts drawn then. */}
      {painted && (
        <Suspense fallback={null}>
          <TeamIndicator />
        </Suspense>
      )}
      <StatusIndicators />
    </header>
  );
}
