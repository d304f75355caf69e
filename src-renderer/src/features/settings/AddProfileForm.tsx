import type { FormEvent } from 'react';
import { Field } from '../../components/Field';
import { ErrorNotice } from '../../components/StateViews';
import { useSettingsStore, type LiveProfileDraft } from './settings-store';

/** Add a live profile: the profile goes to main, the key straight to the system keychain. */
export function AddProfileForm() {
  const draft = useSettingsStore((s) => s.draft);
  const pending = useSettingsStore((s) => s.pendingProfileId);
  const creating = useSettingsStore((s) => s.creating);
  const error = useSettingsStore((s) => s.createError);
  const fieldErrors = useSettingsStore((s) => s.createFieldErrors);
  const created = useSettingsStore((s) => s.created);
  const setDraft = useSettingsStore((s) => s.setDraft);
  const create = useSettingsStore((s) => s.createLiveProfile);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void create();
  };
  const bind = (field: keyof LiveProfileDraft) => ({
    value: draft[field],
    onChange: (e: { target: { value: string } }) => setDraft(field, e.target.value),
    error: fieldErrors[field],
    // Once the profile exists only the key can still change; editing the rest would not reach it.
    readOnly: pending !== null && field !== 'apiKey',
  });

  return (
    <form
      className="form panel"
      onSubmit={onSubmit}
      aria-labelledby="add-live"
      data-testid="add-profile-form"
      noValidate
    >
      <h2 id="add-live">Add a live profile</h2>
      <p className="muted">
        Connects to your real merchant account. Money moved from a live profile is real.
      </p>
      <Field label="Profile name" autoComplete="off" required {...bind('name')} />
      <Field
        label="Base URL"
        type="url"
        inputMode="url"
        placeholder="https://api.example.com"
        autoComplete="off"
        required
        {...bind('baseUrl')}
      />
      <Field label="Merchant ID" autoComplete="off" required {...bind('merchantId')} />
      <Field
        label="API key"
        type="password"
        autoComplete="new-password"
        spellCheck={false}
        required
        hint="Stored in the system keychain, never on disk by Merchant Desk and never shown again."
        {...bind('apiKey')}
      />
      {pending && (
        <p className="notice notice--warn" role="status">
          The profile was saved, but its API key is not stored yet. Fix the problem below and save again to
          store the key.
        </p>
      )}
      {error && (
        <ErrorNotice
          title={pending ? 'The API key could not be stored.' : 'The profile could not be saved.'}
          error={error}
        />
      )}
      {created && (
        <p className="notice notice--good" role="status" data-testid="profile-created">
          Profile “{created}” was added and its key is stored in the system keychain. Switch to it from the
          top bar.
        </p>
      )}
      <div className="form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={creating}
          data-testid="add-profile-submit"
        >
          {creating ? 'Saving…' : pending ? 'Store API key' : 'Save live profile'}
        </button>
      </div>
    </form>
  );
}
