import { useState } from 'react';
import type { ErrorInfo, Profile } from '@contract';
import { ErrorNotice } from '../../components/StateViews';
import { EnvironmentBadge } from '../../shell/EnvironmentBadge';
import { AdvancedSettings } from './AdvancedSettings';
import { useConnectionTestStore } from './connection-test-store';
import { EditProfileForm } from './EditProfileForm';
import { EnvironmentNote } from './EnvironmentNote';
import { KeyPanel } from './KeyPanel';
import { RemoveConfirm } from './RemoveConfirm';
import { useSettingsStore } from './settings-store';
import { TestResult } from './TestResult';
import { SANDBOX_PROFILE_ID } from './sandbox-profile';

/** One profile: what it points at and what its environment means, a connection test, edit, remove, its key. */
export function ProfileCard({ profile, active }: { profile: Profile; active: boolean }) {
  const [mode, setMode] = useState<'view' | 'edit' | 'remove'>('view');
  const [removing, setRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<ErrorInfo | null>(null);
  const result = useConnectionTestStore((s) => s.results[profile.id]);
  const testing = useConnectionTestStore((s) => s.testing[profile.id] ?? false);
  const test = useConnectionTestStore((s) => s.test);
  const remove = useSettingsStore((s) => s.removeProfile);
  const builtIn = profile.id === SANDBOX_PROFILE_ID;
  const runTest = () => void test(profile.id, { profileId: profile.id });

  return (
    <article
      className="panel profile-card"
      aria-labelledby={`profile-${profile.id}`}
      data-testid="profile-card"
      data-profile-id={profile.id}
    >
      <header className="profile-card__header">
        <h3 id={`profile-${profile.id}`}>{profile.name}</h3>
        <EnvironmentBadge environment={profile.environment} compact />
        {active && <span className="muted">(active)</span>}
      </header>
      <EnvironmentNote profile={profile} />
      {mode === 'edit' ? (
        <EditProfileForm
          profile={profile}
          onDone={(saved) => {
            setMode('view');
            if (saved) runTest();
          }}
        />
      ) : (
        <dl className="kv kv--inline">
          <div className="kv__pair">
            <dt>Service address</dt>
            <dd className="mono">{builtIn ? 'Built into Merchant Desk' : profile.baseUrl}</dd>
          </div>
          <div className="kv__pair">
            <dt>Merchant ID</dt>
            <dd className="mono">{profile.merchantId}</dd>
          </div>
        </dl>
      )}
      {mode !== 'edit' && (
        <div className="profile-card__actions">
          <button
            type="button"
            className="button"
            onClick={runTest}
            disabled={testing}
            data-testid="test-connection"
          >
            {testing ? 'Testing…' : 'Test connection'}
          </button>
          {!builtIn && (
            <>
              <button
                type="button"
                className="button"
                onClick={() => setMode('edit')}
                data-testid="edit-profile"
              >
                Edit
              </button>
              <button
                type="button"
                className="button button--danger"
                onClick={() => setMode('remove')}
                data-testid="remove-profile"
              >
                Remove…
              </button>
            </>
          )}
        </div>
      )}
      {mode === 'remove' && (
        <RemoveConfirm
          profile={profile}
          active={active}
          busy={removing}
          onCancel={() => setMode('view')}
          onConfirm={() => {
            setRemoving(true);
            void remove(profile.id).then((error) => {
              setRemoving(false);
              setRemoveError(error);
              if (error) setMode('view');
            });
          }}
        />
      )}
      {removeError && <ErrorNotice title="The profile was not removed." error={removeError} />}
      <TestResult result={result} testing={testing} />
      <KeyPanel profileId={profile.id} profileName={profile.name} builtIn={builtIn} />
      <AdvancedSettings profile={profile} />
    </article>
  );
}
