import { useState, type FormEvent } from 'react';
import type { Profile } from '@contract';
import { bindDraft } from '../../components/forms/bind';
import { Field } from '../../components/forms/Field';
import { ErrorNotice } from '../../components/StateViews';
import { fieldErrorsOf } from '../../lib/ipc';
import { ErrorSummary, useSummaryFocus } from '../../components/forms/ErrorSummary';
import {
  FIELD_LABELS,
  plainFieldErrors,
  validateDraft,
  type DraftErrors,
  type DraftField,
  type ProfileDraft,
} from './profile-draft';
import { useSettingsStore } from './settings-store';
import { KeyAgainField } from './KeyAgainField';
import { useKeyConfirmation } from './use-key-confirmation';
import { useTeamStore } from '../../stores/team-store';

/** Name, address and merchant ID of a saved profile; every problem shown at once, summary focused. */
export function EditProfileForm({ profile, onDone }: { profile: Profile; onDone: (saved: boolean) => void }) {
  const [draft, setDraft] = useState<ProfileDraft>({
    name: profile.name,
    baseUrl: profile.baseUrl,
    merchantId: profile.merchantId,
  });
  const [apiKey, setApiKey] = useState('');
  const [errors, setErrors] = useState<DraftErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const storedError = useSettingsStore((s) => s.profileErrors[profile.id] ?? null);
  const error = submitted ? storedError : null;
  const saving = useSettingsStore((s) => s.savingProfile === profile.id);
  const update = useSettingsStore((s) => s.updateProfile);
  const summary = useSummaryFocus();
  // Main refuses a new merchant ID on a team (it names the account every desk files this profile under).
  const onTeam = useTeamStore((s) => s.status?.joined === true);
  const fieldId = (field: DraftField) => `edit-${profile.id}-${field}`;
  // A new address or merchant ID needs the key again (main refuses the change without it).
  const widens = useKeyConfirmation(profile, { baseUrl: draft.baseUrl, merchantId: draft.merchantId });
  const needsKey = widens || storedError?.kind === 'key-required';

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    let found = validateDraft(needsKey ? { ...draft, apiKey } : draft, profile.environment);
    if (Object.keys(found).length === 0) {
      const patch = {
        name: draft.name.trim(),
        baseUrl: draft.baseUrl.trim(),
        merchantId: draft.merchantId.trim(),
      };
      if (await update(profile.id, patch, needsKey ? apiKey : undefined)) return onDone(true);
      found = plainFieldErrors(fieldErrorsOf(useSettingsStore.getState().profileErrors[profile.id] ?? null));
    }
    setErrors(found);
    summary.focus();
  };
  const bind = bindDraft<keyof ProfileDraft>(
    draft,
    (field, value) => setDraft((d) => ({ ...d, [field]: value })),
    errors,
    fieldId,
  );

  return (
    <form
      className="form"
      onSubmit={(e) => void onSubmit(e)}
      aria-label={`Edit ${profile.name}`}
      noValidate
      data-testid="edit-profile-form"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDone(false);
      }}
    >
      <ErrorSummary
        ref={summary.ref}
        id={`${fieldId('name')}-summary`}
        errors={errors}
        labels={FIELD_LABELS}
        fieldId={fieldId}
        before="saving"
      />
      <Field label="Profile name" autoComplete="off" {...bind('name')} />
      <Field label="Service address" type="url" inputMode="url" autoComplete="off" {...bind('baseUrl')} />
      <Field
        label="Merchant ID"
        autoComplete="off"
        spellCheck={false}
        {...(onTeam
          ? {
              hint: 'On a team the merchant ID names the account every desk files this profile under, so it does not change here. To connect another merchant account, add a profile.',
            }
          : {})}
        {...bind('merchantId')}
      />
      {needsKey && (
        <KeyAgainField
          id={fieldId('apiKey')}
          value={apiKey}
          onValue={setApiKey}
          error={errors.apiKey}
          testId="edit-profile-key"
        />
      )}
      {error && Object.keys(errors).length === 0 && (
        <ErrorNotice title="The profile was not saved." error={error} />
      )}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save changes'}
        </button>
        <button type="button" className="button" onClick={() => onDone(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
