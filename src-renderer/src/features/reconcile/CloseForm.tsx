import { useId, useState } from 'react';
import type { ReconSessionView } from '@contract';
import { useReconcileStore } from './reconcile-store';
import { bindValue } from '../../components/forms/bind';
import { CheckLine } from '../../components/forms/CheckLine';

/** Close by a named person with a note; with exceptions, the close must say so and lists them. */
export function CloseForm({ session, name: given = '' }: { session: ReconSessionView; name?: string }) {
  const close = useReconcileStore((s) => s.close);
  const busy = useReconcileStore((s) => s.busy === 'close');
  const [name, setName] = useState(given);
  const [note, setNote] = useState('');
  const [accept, setAccept] = useState(false);
  const id = useId();
  const exceptions = session.exceptions;
  // Main's judgement where it gave one: never clean while a bound of the period went unobserved.
  const clean = exceptions.length === 0 && (session.steps?.cleanClose ?? true);
  return (
    <form
      className="recon-close"
      data-testid="recon-close-form"
      onSubmit={(e) => {
        e.preventDefault();
        void close(name, note, !clean && accept);
      }}
    >
      <h2>Close the session</h2>
      {!clean && (
        <div className="notice notice--warn" data-testid="recon-exceptions">
          <p className="notice__title">
            {exceptions.length === 1 ? '1 exception remains' : `${exceptions.length} exceptions remain`}. A
            clean close is not possible:
          </p>
          <ul>
            {exceptions.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
          <CheckLine
            className="recon-close__accept"
            checked={accept}
            onCheck={setAccept}
            testId="recon-accept-exceptions"
          >
            Close with these exceptions (they are written into the report and the journal)
          </CheckLine>
        </div>
      )}
      <label htmlFor={`${id}-name`}>Closed by (your name)</label>
      <input id={`${id}-name`} {...bindValue(name, setName)} data-testid="recon-close-name" />
      <label htmlFor={`${id}-note`}>Closing note</label>
      <textarea id={`${id}-note`} {...bindValue(note, setNote)} rows={2} data-testid="recon-close-note" />
      <button
        type="submit"
        className={clean ? 'button button--primary' : 'button button--danger'}
        disabled={busy || (!clean && !accept)}
        aria-busy={busy}
        data-testid="recon-close"
      >
        {clean ? 'Close session' : 'Close with exceptions'}
      </button>
    </form>
  );
}
