import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ErrorInfo } from '@contract';
import { bindValue, SECRET_TEXT } from '../../components/forms/bind';
import { Field } from '../../components/forms/Field';
import { ErrorNotice } from '../../components/StateViews';
import { fieldErrorsOf } from '../../lib/ipc';
import { ConfirmInline } from '../../components/forms/ConfirmInline';
import { apiKeyProblem } from './profile-draft';
import { useSettingsStore } from './settings-store';

/** Only keychain failures are blamed on the keychain; a bad key is said to be a bad key. */
const isKeychainTrouble = (error: ErrorInfo) =>
  !fieldErrorsOf(error).apiKey && error.kind !== 'invalid-request';

/**
 * The API key of one profile: stored or not, which one (its last four characters), replace, delete.
 * The key itself is never shown again once stored.
 */
export function KeyPanel({
  profileId,
  profileName,
  builtIn = false,
}: {
  profileId: string;
  profileName: string;
  builtIn?: boolean;
}) {
  const stored = useSettingsStore((s) => s.keyStored[profileId]);
  const fingerprint = useSettingsStore((s) => s.keyFingerprint[profileId] ?? null);
  const needsReentry = useSettingsStore((s) => s.keyNeedsReentry[profileId] === true);
  const draft = useSettingsStore((s) => s.keyDrafts[profileId] ?? '');
  const error = useSettingsStore((s) => s.keyErrors[profileId] ?? null);
  const busy = useSettingsStore((s) => s.keyBusy[profileId] ?? false);
  const { loadKeyStatus, setKeyDraft, storeKey, deleteKey, cancelKeyEdit } = useSettingsStore.getState();
  const [replacing, setReplacing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const fieldId = useId();

  useEffect(() => {
    void loadKeyStatus(profileId);
  }, [loadKeyStatus, profileId]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = apiKeyProblem(draft);
    setProblem(found);
    if (found) return document.getElementById(fieldId)?.focus();
    if (await storeKey(profileId)) setReplacing(false);
  };
  const onCancel = () => {
    setReplacing(false);
    setProblem(undefined);
    cancelKeyEdit(profileId);
  };
  if (builtIn) {
    return (
      <div className="key-panel" data-testid="key-panel">
        <h4 className="key-panel__title">API key</h4>
        <p data-testid="key-fingerprint">Built into Merchant Desk (play money); nothing to set up.</p>
      </div>
    );
  }

  const showForm = stored === false || replacing || needsReentry;
  return (
    <div className="key-panel" data-testid="key-panel">
      <h4 className="key-panel__title">API key</h4>
      {stored === undefined && !error && <p className="muted">Checking the keychain…</p>}
      {stored === true && !replacing && !needsReentry && (
        <div className="key-panel__stored">
          <p data-testid="key-stored">
            <span aria-hidden="true">✓ </span>Stored in the system keychain
            {fingerprint && (
              <>
                {' '}
                — key ending{' '}
                <span className="key-panel__fingerprint" data-testid="key-fingerprint">
                  {fingerprint}
                </span>
              </>
            )}
          </p>
          <button type="button" className="button" onClick={() => setReplacing(true)} disabled={busy}>
            Replace
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={() => setConfirmingDelete(true)}
            disabled={busy || confirmingDelete}
          >
            Delete key…
          </button>
        </div>
      )}
      {confirmingDelete && stored === true && (
        <ConfirmInline
          keepLabel="Keep key"
          actLabel="Delete key"
          busy={busy}
          onCancel={() => setConfirmingDelete(false)}
          onConfirm={() => {
            void deleteKey(profileId).then(() => setConfirmingDelete(false));
          }}
          testId="delete-key-confirm"
        >
          <strong>
            Delete the API key of “{profileName}”{fingerprint ? ` (ending ${fingerprint})` : ''}?
          </strong>{' '}
          It is removed from the system keychain, and the profile stops working until a key is stored again.
        </ConfirmInline>
      )}
      {showForm && (
        <form
          onSubmit={(e) => void onSubmit(e)}
          className="key-panel__form"
          aria-label={`Store API key for ${profileName}`}
          noValidate
        >
          {stored === false && (
            <p className="muted">No API key is stored for this profile: it cannot reach the service.</p>
          )}
          {needsReentry && (
            <p role="status" data-testid="key-needs-reentry">
              The stored API key was entered for a different service address, merchant ID or signing mode, so
              Merchant Desk does not send it. If this profile is right, enter the key again.
            </p>
          )}
          <Field
            id={fieldId}
            label={replacing ? 'New API key' : 'API key'}
            {...SECRET_TEXT}
            {...bindValue(draft, (next) => {
              setKeyDraft(profileId, next);
              setProblem(undefined);
            })}
            error={problem ?? fieldErrorsOf(error).apiKey}
          />
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Storing…' : 'Store in keychain'}
          </button>
          {replacing && (
            <button type="button" className="button" onClick={onCancel}>
              Cancel
            </button>
          )}
        </form>
      )}
      {error && isKeychainTrouble(error) && (
        <ErrorNotice title="The system keychain did not accept the request." error={error} />
      )}
    </div>
  );
}
