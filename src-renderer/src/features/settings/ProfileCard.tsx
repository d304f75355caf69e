import { useState, type FormEvent } from 'react';
import type { Profile } from '@contract';
import { EnvironmentBadge } from '../../shell/EnvironmentBadge';
import { Field } from '../../components/Field';
import { ErrorNotice } from '../../components/StateViews';
import { fieldErrorsOf } from '../../lib/ipc';
import { KeyPanel } from './KeyPanel';
import { useSettingsStore } from './settings-store';

/** Seconds for people, milliseconds on the wire (the contract's pollIntervalMs). */
function parseSeconds(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const seconds = Number.parseInt(text, 10);
  return seconds >= 1 && seconds <= 600 ? seconds * 1000 : null;
}

/** One profile: what it points at, its editable signing mode and polling interval, and its key. */
export function ProfileCard({ profile, active }: { profile: Profile; active: boolean }) {
  const [signing, setSigning] = useState(profile.signing);
  const [seconds, setSeconds] = useState(String(Math.round(profile.pollIntervalMs / 1000)));
  const [localError, setLocalError] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const error = useSettingsStore((s) => s.profileErrors[profile.id] ?? null);
  const saving = useSettingsStore((s) => s.savingProfile === profile.id);
  const update = useSettingsStore((s) => s.updateProfile);
  const fieldErrors = fieldErrorsOf(error);
  const selectId = `signing-${profile.id}`;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const pollIntervalMs = parseSeconds(seconds);
    setLocalError(pollIntervalMs === null ? 'Enter whole seconds between 1 and 600.' : undefined);
    if (pollIntervalMs === null) return;
    setSaved(await update(profile.id, { signing, pollIntervalMs }));
  };

  return (
    <article
      className="panel profile-card"
      aria-labelledby={`profile-${profile.id}`}
      data-testid="profile-card"
    >
      <header className="profile-card__header">
        <h3 id={`profile-${profile.id}`}>{profile.name}</h3>
        <EnvironmentBadge environment={profile.environment} compact />
        {active && <span className="muted">(active)</span>}
      </header>
      <dl className="kv kv--inline">
        <div className="kv__pair">
          <dt>Base URL</dt>
          <dd className="mono">{profile.baseUrl || 'built in'}</dd>
        </div>
        <div className="kv__pair">
          <dt>Merchant ID</dt>
          <dd className="mono">{profile.merchantId}</dd>
        </div>
      </dl>
      <form
        className="form form--row"
        onSubmit={(e) => void onSubmit(e)}
        aria-label={`Connection settings for ${profile.name}`}
      >
        <div className={`field${fieldErrors.signing ? ' field--invalid' : ''}`}>
          <label htmlFor={selectId}>Signing mode</label>
          <select
            id={selectId}
            value={signing}
            onChange={(e) => setSigning(e.target.value === 'legacy' ? 'legacy' : 'timestamped')}
          >
            <option value="timestamped">Timestamped (recommended)</option>
            <option value="legacy">Legacy</option>
          </select>
          {fieldErrors.signing && <p className="field__error">{fieldErrors.signing}</p>}
        </div>
        <Field
          label="Polling interval (seconds)"
          inputMode="numeric"
          value={seconds}
          onChange={(e) => setSeconds(e.target.value)}
          error={localError ?? fieldErrors.pollIntervalMs}
        />
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        {saved && (
          <span role="status" className="muted">
            Saved.
          </span>
        )}
      </form>
      {error && !fieldErrors.signing && !fieldErrors.pollIntervalMs && (
        <ErrorNotice title="The settings were not saved." error={error} />
      )}
      {profile.environment === 'live' && <KeyPanel profileId={profile.id} profileName={profile.name} />}
    </article>
  );
}
