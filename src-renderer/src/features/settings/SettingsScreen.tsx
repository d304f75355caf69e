import { ScreenHeader } from '../../components/ScreenHeader';
import { ErrorNotice, LoadingSkeleton } from '../../components/StateViews';
import { IdleLockSetting } from '../../shell/IdleLockSetting';
import { NotificationsSetting } from '../../shell/NotificationsSetting';
import { RegionSetting } from '../../shell/RegionSetting';
import { useShellStore } from '../../stores/shell-store';
import { AddProfileForm } from './AddProfileForm';
import { ProfileCard } from './ProfileCard';
import { WebhookHostsSetting } from './WebhookHostsSetting';
import { TeamSettings } from './TeamSettings';
import { UpdatesSetting } from './UpdatesSetting';
import { AddressBookSetting } from './AddressBookSetting';
import { WithdrawalRulesSetting } from './WithdrawalRulesSetting';
import { DeskPassphraseSetting } from './DeskPassphraseSetting';
import { TreasuryKeyNotice } from './TreasuryKeyNotice';
import './settings.css';

/** Profiles and their keys. What each environment means is said on each profile's own card. */
export function SettingsScreen() {
  const profiles = useShellStore((s) => s.profiles);
  const activeId = useShellStore((s) => s.activeId);
  const error = useShellStore((s) => s.profilesError);
  const reload = useShellStore((s) => s.loadProfiles);

  return (
    <section className="screen settings-screen" data-testid="settings-screen">
      <ScreenHeader title="Settings" />
      <h2>Profiles</h2>
      <p className="muted">
        A profile connects Merchant Desk to one merchant account. The active one is marked; switch profiles
        from the top bar.
      </p>
      {error && (
        <ErrorNotice title="Profiles could not be loaded." error={error} onRetry={() => void reload()} />
      )}
      {profiles.length === 0 && !error ? (
        <LoadingSkeleton rows={2} label="Loading profiles…" />
      ) : (
        <div className="profile-list">
          {profiles.map((p) => (
            <ProfileCard key={p.id} profile={p} active={p.id === activeId} />
          ))}
        </div>
      )}
      <TreasuryKeyNotice />
      <AddProfileForm />
      <TeamSettings />
      <NotificationsSetting />
      <IdleLockSetting />
      <RegionSetting />
      <WebhookHostsSetting />
      <UpdatesSetting />
      <AddressBookSetting />
      <WithdrawalRulesSetting />
      <DeskPassphraseSetting />
    </section>
  );
}
