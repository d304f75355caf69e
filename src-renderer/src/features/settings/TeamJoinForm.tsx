import { useState, type FormEvent } from 'react';
import type { TeamTestResult } from '@contract';
import { bindDraft, EXACT_TEXT, SECRET_TEXT } from '../../components/forms/bind';
import { Field, TextAreaField } from '../../components/forms/Field';
import { ErrorNotice } from '../../components/StateViews';
import { callMerchant, fieldErrorsOf, type ErrorInfo } from '../../lib/ipc';
import { useTeamStore } from '../../stores/team-store';

type JoinField = 'host' | 'port' | 'database' | 'user' | 'caPem' | 'password' | 'code';
const EMPTY: Record<JoinField, string> = {
  host: '',
  port: '5432',
  database: '',
  user: '',
  caPem: '',
  password: '',
  code: '',
};

/**
 * Joining a team: the server and CA the admin hands out, the person's own login, and the desk's
 * one-time enrollment code. "Test connection" says in words what is wrong before anything is spent;
 * joining is confirmed in Merchant Desk's own window, since it changes where money is recorded. The
 * password goes to main's keychain and is never shown again.
 */
export function TeamJoinForm() {
  const [draft, setDraft] = useState(EMPTY);
  const [busy, setBusy] = useState<'test' | 'join' | null>(null);
  const [tested, setTested] = useState<TeamTestResult | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const setStatus = useTeamStore((s) => s.set);
  const errors = fieldErrorsOf(error);
  const field = bindDraft(
    draft,
    (f, v) => setDraft((d) => ({ ...d, [f]: v })),
    errors,
    (f) => `team-${f}`,
  );
  const connection = () => ({
    host: draft.host,
    port: Number(draft.port) || 5432,
    database: draft.database,
    user: draft.user,
    ...(draft.caPem.trim() ? { caPem: draft.caPem } : {}),
    password: draft.password,
  });

  const test = async () => {
    if (busy) return;
    setBusy('test');
    setError(null);
    setTested(null);
    const result = await callMerchant((api) => api.team.testConnection(connection()));
    setBusy(null);
    if (result.ok) setTested(result.data);
    else setError(result.error);
  };
  // The file is chosen in main's own dialog and read and checked there: the page never names a path.
  const [caNote, setCaNote] = useState<{ ok: boolean; words: string } | null>(null);
  const chooseCa = async () => {
    if (busy) return;
    const result = await callMerchant((api) => api.team.chooseCa());
    if (!result.ok) return setCaNote({ ok: false, words: result.error.message });
    const { pem, words } = result.data;
    if (pem !== null) setDraft((d) => ({ ...d, caPem: pem }));
    setCaNote({ ok: pem !== null, words });
  };
  const join = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy('join');
    setError(null);
    const result = await callMerchant((api) => api.team.join({ ...connection(), code: draft.code }));
    setBusy(null);
    if (result.ok) {
      setDraft(EMPTY);
      setStatus(result.data);
    } else setError(result.error);
  };

  return (
    <form
      className="team-join"
      onSubmit={(e) => void join(e)}
      aria-label="Join a team"
      data-testid="team-join"
    >
      <p className="muted">
        On a team, every desk records money in one ledger on the team’s PostgreSQL server, so no withdrawal is
        sent twice from two desks. Your admin gives you the server, its CA certificate, your login and a
        one-time code for this desk.
      </p>
      <div className="team-join__row">
        <Field label="Server" hint="db.example.com" {...field('host')} {...EXACT_TEXT} />
        <Field label="Port" inputMode="numeric" {...field('port')} {...EXACT_TEXT} />
        <Field label="Database" {...field('database')} {...EXACT_TEXT} />
      </div>
      <TextAreaField
        label="CA certificate"
        hint="Paste it whole, from -----BEGIN CERTIFICATE----- to -----END CERTIFICATE-----, or choose the file"
        rows={4}
        className="mono"
        {...field('caPem')}
        {...EXACT_TEXT}
      />
      <p className="team-join__ca-file">
        <button type="button" className="button button--small" onClick={() => void chooseCa()}>
          Choose file…
        </button>{' '}
        {caNote && (
          <span className={caNote.ok ? 'muted' : 'field__error'} role="status" data-testid="team-ca-file">
            {caNote.words}
          </span>
        )}
      </p>
      <div className="team-join__row">
        <Field label="Your login" {...field('user')} {...EXACT_TEXT} />
        <Field label="Your password" {...field('password')} {...SECRET_TEXT} />
        <Field
          label="Enrollment code"
          hint="From your admin, for this desk"
          {...field('code')}
          {...EXACT_TEXT}
        />
      </div>
      <div className="form__actions">
        <button type="button" className="button" onClick={() => void test()} aria-disabled={busy !== null}>
          {busy === 'test' ? 'Testing…' : 'Test connection'}
        </button>
        <button type="submit" className="button button--primary" aria-disabled={busy !== null}>
          {busy === 'join' ? 'Joining…' : 'Join the team…'}
        </button>
      </div>
      {tested && (
        <div
          className={`notice ${tested.ok ? 'notice--good' : 'notice--error'}`}
          role="status"
          data-testid="team-test-result"
        >
          <p className="notice__title">{tested.ok ? 'Connection works' : 'Connection not confirmed'}</p>
          <p>{tested.words}</p>
        </div>
      )}
      {error && <ErrorNotice title="This desk did not join the team." error={error} />}
    </form>
  );
}
