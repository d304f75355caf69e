import { useEffect, useState, type FormEvent } from 'react';
import { Field } from '../../components/Field';
import { ErrorNotice } from '../../components/StateViews';
import { fieldErrorsOf } from '../../lib/ipc';
import { useSettingsStore } from './settings-store';

/** The API key's state for one profile: only ever "stored" or "not stored", with replace and delete. */
export function KeyPanel({ profileId, profileName }: { profileId: string; profileName: string }) {
  const stored = useSettingsStore((s) => s.keyStored[profileId]);
  const draft = useSettingsStore((s) => s.keyDrafts[profileId] ?? '');
  const error = useSettingsStore((s) => s.keyErrors[profileId] ?? null);
  const busy = useSettingsStore((s) => s.keyBusy[profileId] ?? false);
  const { loadKeyStatus, setKeyDraft, storeKey, deleteKey } = useSettingsStore.getState();
  const [replacing, setReplacing] = useState(false);

  useEffect(() => {
    void loadKeyStatus(profileId);
  }, [loadKeyStatus, profileId]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (await storeKey(profileId)) setReplacing(false);
  };
  const onDelete = () => {
    if (
      window.confirm(
        `Delete the API key of “${profileName}” from the system keychain? The profile stops working until a key is stored again.`,
      )
    ) {
      void deleteKey(profileId);
    }
  };

  const showForm = stored === false || replacing;
  return (
    <div className="key-panel" data-testid="key-panel">
      <h3>API key</h3>
      {stored === undefined && !error && <p className="muted">Checking the keychain…</p>}
      {stored === true && !replacing && (
        <div className="key-panel__stored">
          <p data-testid="key-stored">
            <span aria-hidden="true">✓ </span>Stored in the system keychain
          </p>
          <button type="button" className="button" onClick={() => setReplacing(true)} disabled={busy}>
            Replace
          </button>
          <button type="button" className="button button--danger" onClick={onDelete} disabled={busy}>
            Delete
          </button>
        </div>
      )}
      {showForm && (
        <form
          onSubmit={(e) => void onSubmit(e)}
          className="key-panel__form"
          aria-label={`Store API key for ${profileName}`}
        >
          {stored === false && (
            <p className="muted">No API key is stored for this profile: it cannot reach the service.</p>
          )}
          <Field
            label={replacing ? 'New API key' : 'API key'}
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            value={draft}
            onChange={(e) => setKeyDraft(profileId, e.target.value)}
            error={fieldErrorsOf(error).apiKey}
          />
          <button type="submit" className="button button--primary" disabled={busy || draft.length === 0}>
            {busy ? 'Storing…' : 'Store in keychain'}
          </button>
          {replacing && (
            <button type="button" className="button" onClick={() => setReplacing(false)}>
              Cancel
            </button>
          )}
        </form>
      )}
      {error && <ErrorNotice title="The system keychain did not accept the request." error={error} />}
    </div>
  );
}
