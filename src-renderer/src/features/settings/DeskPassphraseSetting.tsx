import { useEffect, useState } from 'react';
import type { PassphraseStatus } from '@contract';
import { ErrorNotice } from '../../components/StateViews';
import { callMerchant, type ErrorInfo } from '../../lib/ipc';

function statusLine(status: PassphraseStatus): string {
  if (status.method === 'touch-id')
    return 'This Mac checks who you are with Touch ID before live money moves or a live profile changes.';
  return status.passphraseSet
    ? 'Merchant Desk asks for the desk passphrase, in a window of its own, before live money moves or a live profile changes.'
    : 'No desk passphrase is set yet: live withdrawals and changes to live profiles are refused until one is.';
}

/**
 * Who is at the desk (issue 26 item 2). The passphrase is typed only in Merchant Desk's own window,
 * never on this page: this card shows the state and asks main to open that window.
 */
export function DeskPassphraseSetting() {
  const [status, setStatus] = useState<PassphraseStatus | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const [changed, setChanged] = useState(false);
  useEffect(() => {
    void callMerchant((api) => api.passphrase.status()).then((result) =>
      result.ok ? setStatus(result.data) : setError(result.error),
    );
  }, []);

  const onSet = async () => {
    if (busy) return;
    setBusy(true);
    setChanged(false);
    const result = await callMerchant((api) => api.passphrase.set());
    setBusy(false);
    if (result.ok) {
      setStatus(result.data);
      setError(null);
      setChanged(true);
    } else setError(result.error);
  };

  return (
    <section className="panel" aria-labelledby="desk-passphrase-title" data-testid="desk-passphrase">
      <h2 id="desk-passphrase-title">Desk passphrase</h2>
      {status && <p data-testid="desk-passphrase-status">{statusLine(status)}</p>}
      {status?.lockedMinutes != null && (
        <p role="status" data-testid="desk-passphrase-locked">
          After five wrong tries the passphrase is paused: it can be tried again in about{' '}
          {status.lockedMinutes} minute{status.lockedMinutes === 1 ? '' : 's'}.
        </p>
      )}
      <p className="muted">
        At least 8 characters; a sentence works well. It is kept only as a hash in this computer&apos;s
        keychain.
      </p>
      <button type="button" className="button" disabled={busy || !status} onClick={() => void onSet()}>
        {status?.passphraseSet ? 'Change passphrase…' : 'Set passphrase…'}
      </button>
      {changed && (
        <p role="status" data-testid="desk-passphrase-changed">
          The desk passphrase is set.
        </p>
      )}
      {error && <ErrorNotice title="The desk passphrase was not changed." error={error} />}
    </section>
  );
}
