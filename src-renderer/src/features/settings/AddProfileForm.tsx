import { bindDraft, SECRET_TEXT } from '../../components/forms/bind';
import { Field } from '../../components/forms/Field';
import { FormPanel } from '../../components/forms/FormPanel';
import { ErrorNotice } from '../../components/StateViews';
import { useConnectionTestStore } from './connection-test-store';
import { ErrorSummary, useSummaryFocus } from '../../components/forms/ErrorSummary';
import { FIELD_LABELS, validateDraft, type DraftField } from './profile-draft';
import { useSettingsStore, type LiveProfileDraft } from './settings-store';
import { TestResult } from './TestResult';
import { useTreasuryKeys } from './use-treasury-keys';

const fieldId = (field: DraftField) => `add-profile-${field}`;

/**
 * Add a live profile. Every problem is shown at once with focus on the summary; the connection is
 * tested (one signed balances read) before saving, so an unreachable address is never reported as a
 * success. The profile goes to main, the key straight to the system keychain.
 */
export function AddProfileForm() {
  const draft = useSettingsStore((s) => s.draft);
  const pending = useSettingsStore((s) => s.pendingProfileId);
  const creating = useSettingsStore((s) => s.creating);
  const error = useSettingsStore((s) => s.createError);
  const fieldErrors = useSettingsStore((s) => s.createFieldErrors);
  const created = useSettingsStore((s) => s.created);
  const createdFingerprint = useSettingsStore((s) => s.createdFingerprint);
  const setDraft = useSettingsStore((s) => s.setDraft);
  const create = useSettingsStore((s) => s.createLiveProfile);
  const result = useConnectionTestStore((s) => s.results.draft);
  const testing = useConnectionTestStore((s) => s.testing.draft ?? false);
  const { test, clear } = useConnectionTestStore.getState();
  // Kept in the store so that leaving Settings and coming back says the same thing (issue 25, item 3).
  const unverified = useSettingsStore((s) => s.draftUnverified);
  const savedUnverified = useSettingsStore((s) => !s.createdVerified);
  const savedWithoutKey = useSettingsStore((s) => s.createdWithoutKey);
  // A desk of a team that is not a treasury desk holds no key (main refuses one): the profile is
  // added alone, untested (a test needs the key), and the treasury desks send from theirs.
  const treasury = useTreasuryKeys();
  const withoutKey = Boolean(treasury?.words) && !pending;
  const setTested = useSettingsStore((s) => s.setDraftTested);
  const summary = useSummaryFocus();
  const busy = creating || testing;

  const valid = () => {
    const { name, baseUrl, merchantId } = draft;
    const problems = validateDraft(withoutKey ? { name, baseUrl, merchantId } : draft, 'live');
    useSettingsStore.setState({ createFieldErrors: problems, createError: null, created: null });
    if (Object.keys(problems).length > 0) summary.focus();
    return Object.keys(problems).length === 0;
  };
  const runTest = () =>
    test('draft', {
      environment: 'live',
      baseUrl: draft.baseUrl.trim(),
      merchantId: draft.merchantId.trim(),
      apiKey: draft.apiKey,
    });
  const save = async () => {
    if (await create({ withoutKey })) clear('draft');
    else summary.focus();
  };

  const onSubmit = async (skipTest = false) => {
    if (!valid()) return;
    // Once the profile exists only its key is still to be stored: nothing new to test.
    if (!pending && !withoutKey) {
      if (skipTest) setTested(null);
      else {
        const tested = await runTest();
        setTested(tested.ok);
        if (!tested.ok) return;
      }
    }
    await save();
  };
  const draftField = bindDraft<keyof LiveProfileDraft>(
    draft,
    (field, value) => setDraft(field, value),
    fieldErrors,
    fieldId,
  );
  const bind = (field: keyof LiveProfileDraft) => ({
    ...draftField(field),
    // Once the profile exists only the key can still change; editing the rest would not reach it.
    readOnly: pending !== null && field !== 'apiKey',
  });

  return (
    <FormPanel
      title="Add a live profile"
      titleId="add-live"
      intro="Connects to your real merchant account. Money moved from a live profile is real."
      onSubmit={() => onSubmit()}
      className="form panel"
      testId="add-profile-form"
    >
      <ErrorSummary
        ref={summary.ref}
        id={`${fieldId('name')}-summary`}
        errors={fieldErrors}
        labels={FIELD_LABELS}
        fieldId={fieldId}
        before="saving"
      />
      <Field label="Profile name" autoComplete="off" {...bind('name')} />
      <Field
        label="Service address"
        type="url"
        inputMode="url"
        placeholder="https://api.example.com"
        autoComplete="off"
        hint="The address your payment provider gave you for its merchant API."
        {...bind('baseUrl')}
      />
      <Field
        label="Merchant ID"
        autoComplete="off"
        spellCheck={false}
        hint="As your merchant account shows it. Every desk of a team that adds this merchant ID has the same profile; a desk has one profile per merchant account."
        {...bind('merchantId')}
      />
      {withoutKey ? (
        <p className="notice notice--info" data-testid="add-profile-without-key">
          This desk is not one of the team’s treasury desks ({treasury?.treasuryDesks.join(', ')}): the
          profile is added without its API key, and a treasury desk sends what is approved.
        </p>
      ) : (
        <Field
          label="API key"
          {...SECRET_TEXT}
          hint="Stored in the system keychain, never on disk by Merchant Desk and never shown again."
          {...bind('apiKey')}
        />
      )}
      {pending && (
        <p className="notice notice--warn" role="status">
          The profile was saved, but its API key is not stored yet. Fix the problem below and save again to
          store the key.
        </p>
      )}
      {error && Object.keys(fieldErrors).length === 0 && (
        <ErrorNotice
          title={pending ? 'The API key could not be stored.' : 'The profile could not be saved.'}
          error={error}
        />
      )}
      <TestResult result={result} testing={testing} />
      {unverified && !testing && (
        <p className="notice notice--warn" data-testid="not-saved">
          The profile was not saved, because the connection could not be confirmed. Fix the problem and test
          again, or save it anyway if the service is down for now.
        </p>
      )}
      {created && (
        <p
          className={`notice ${savedUnverified && !savedWithoutKey ? 'notice--warn' : 'notice--good'}`}
          role="status"
          data-testid="profile-created"
        >
          {savedWithoutKey ? (
            <>Profile “{created}” was added without its API key, which stays on the treasury desks.</>
          ) : (
            <>
              Profile “{created}” was added and its key
              {createdFingerprint ? ` (ending ${createdFingerprint})` : ''} is stored in the system keychain.
              {savedUnverified
                ? ' Its connection is not confirmed: use “Test connection” on its card before relying on it.'
                : ' The service accepted it.'}
            </>
          )}{' '}
          Switch to it from the Profile menu in the top bar.
        </p>
      )}
      <div className="form__actions">
        {!pending && !withoutKey && (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => {
              if (valid()) void runTest();
            }}
            data-testid="add-profile-test"
          >
            {testing ? 'Testing…' : 'Test connection'}
          </button>
        )}
        <button
          type="submit"
          className="button button--primary"
          disabled={busy}
          data-testid="add-profile-submit"
        >
          {creating
            ? 'Saving…'
            : pending
              ? 'Store API key'
              : withoutKey
                ? 'Save live profile'
                : 'Test and save live profile'}
        </button>
        {unverified && !pending && (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void onSubmit(true)}
            data-testid="add-profile-save-anyway"
          >
            Save without a working connection
          </button>
        )}
      </div>
    </FormPanel>
  );
}
