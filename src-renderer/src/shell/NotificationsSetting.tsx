import { useEffect, useState } from 'react';
import { SettingCheckLine } from '../components/forms/CheckLine';
import { ErrorNotice } from '../components/StateViews';
import { callMerchant, type ErrorInfo } from '../lib/ipc';
import './notifications.css';

/** The one switch for desktop notifications and in-app toasts; kept by main in the desk's settings. */
export function NotificationsSetting() {
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorInfo | null>(null);
  useEffect(() => {
    void callMerchant((api) => api.notifications.settings()).then((result) =>
      result.ok ? setEnabled(result.data.enabled) : setError(result.error),
    );
  }, []);
  const change = async (next: boolean) => {
    // The box follows the click at once; a refusal puts it back and says why.
    if (busy) return;
    const before = enabled;
    setEnabled(next);
    setBusy(true);
    const result = await callMerchant((api) => api.notifications.configure({ enabled: next }));
    setBusy(false);
    if (result.ok) {
      setEnabled(result.data.enabled);
      setError(null);
    } else {
      setEnabled(before);
      setError(result.error);
    }
  };
  return (
    <section className="panel notifications-setting" aria-labelledby="notifications-title">
      <h2 id="notifications-title">Notifications</h2>
      <SettingCheckLine
        className="field field--inline"
        checked={enabled}
        quietWhileUnknown={error !== null}
        onCheck={(next) => void change(next)}
        testId="notifications-enabled"
        describedBy="notifications-hint"
      >
        Tell me when a withdrawal completes or fails, an invoice is paid, or (on a team) a withdrawal waits
        for my approval
      </SettingCheckLine>
      <p id="notifications-hint" className="field__hint">
        A system notification while Merchant Desk is in the background; a notice in the corner of the window
        while you are using it.
      </p>
      {error && (
        <ErrorNotice
          title={`The notification setting could not be ${enabled === null ? 'read' : 'changed'}.`}
          error={error}
        />
      )}
    </section>
  );
}
