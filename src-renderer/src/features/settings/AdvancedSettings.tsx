import { useState, type FormEvent } from 'react';
import type { Profile } from '@contract';
import { bindValue } from '../../components/forms/bind';
import { Field } from '../../components/forms/Field';
import { ErrorNotice } from '../../components/StateViews';
import { fieldErrorsOf } from '../../lib/ipc';
import { apiKeyProblem } from './profile-draft';
import { useSettingsStore } from './settings-store';
import { KeyAgainField } from './KeyAgainField';
import { useKeyConfirmation } from './use-key-confirmation';

/** Seconds for people, milliseconds on the wire (the contract's pollIntervalMs). */
function parseSeconds(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const seconds = Number.parseInt(text, 10);
  return seconds >= 1 && seconds <= 600 ? seconds * 1000 : null;
}

/** Protocol settings most people never touch: collapsed under "Advanced" on the profile card. */
export function AdvancedSettings({ profile }: { profile: Profile }) {
  const [signing, setSigning] = useState(profile.signing);
  const [seconds, setSeconds] = useState(String(Math.round(profile.pollIntervalMs / 1000)));
  const [localError, setLocalError] = useState<string | undefined>();
  const [apiKey, setApiKey] = useState('');
  const [keyError, setKeyError] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  // Errors of this form only: the edit form saves through the same channel.
  const [submitted, setSubmitted] = useState(false);
  const storedError = useSettingsStore((s) => s.profileErrors[profile.id] ?? null);
  const error = submitted ? storedError : null;
  const saving = useSettingsStore((s) => s.savingProfile === profile.id);
  const update = useSettingsStore((s) => s.updateProfile);
  const fieldErrors = fieldErrorsOf(error);
  const selectId = `signing-${profile.id}`;
  // Legacy signing sends an MD5 of the key the service accepts for reads forever: confirm with the key.
  const needsKey = useKeyConfirmation(profile, { signing }) || error?.kind === 'key-required';

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    setSubmitted(true);
    const pollIntervalMs = parseSeconds(seconds);
    setLocalError(pollIntervalMs === null ? 'Enter whole seconds between 1 and 600.' : undefined);
    const keyProblem = needsKey ? apiKeyProblem(apiKey) : undefined;
    setKeyError(keyProblem);
    if (pollIntervalMs === null || keyProblem) return;
    const done = await update(profile.id, { signing, pollIntervalMs }, needsKey ? apiKey : undefined);
    if (done) setApiKey('');
    setSaved(done);
  };

  return (
    <details className="advanced" data-testid="advanced-settings">
      <summary>Advanced</summary>
      <form
        className="form form--row"
        onSubmit={(e) => void onSubmit(e)}
        aria-label={`Advanced settings for ${profile.name}`}
      >
        <div className={`field${fieldErrors.signing ? ' field--invalid' : ''}`}>
          <label htmlFor={selectId}>Request signing</label>
          <select
            id={selectId}
            value={signing}
            onChange={(e) => setSigning(e.target.value === 'legacy' ? 'legacy' : 'timestamped')}
            aria-describedby={`${selectId}-hint`}
          >
            <option value="timestamped">Timestamped (recommended)</option>
            <option value="legacy">Legacy</option>
          </select>
          <p id={`${selectId}-hint`} className="field__hint">
            Change only if your payment provider asks you to. Withdrawals always use timestamped signing.
          </p>
          {fieldErrors.signing && <p className="field__error">{fieldErrors.signing}</p>}
        </div>
        {needsKey && (
          <KeyAgainField
            value={apiKey}
            onValue={setApiKey}
            error={keyError ?? fieldErrors.apiKey}
            testId="advanced-key"
          />
        )}
        <Field
          label="Refresh every (seconds)"
          inputMode="numeric"
          {...bindValue(seconds, setSeconds)}
          error={localError ?? fieldErrors.pollIntervalMs}
        />
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Saving…' : 'Save advanced settings'}
        </button>
        {saved && (
          <span role="status" className="muted">
            Saved.
          </span>
        )}
      </form>
      {error && !fieldErrors.signing && !fieldErrors.pollIntervalMs && !fieldErrors.apiKey && (
        <ErrorNotice title="The advanced settings were not saved." error={error} />
      )}
    </details>
  );
}
