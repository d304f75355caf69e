import { useId, useState } from 'react';
import type { BookFormat, BooksExportResult, ErrorInfo } from '@contract';
import { ErrorNotice } from '../StateViews';
import { callMerchant } from '../../lib/ipc';
import { BOOKS_WORDS as W, FORMAT_LABELS, FORMATS } from './books-words';
import { booksPeriod, lastMonthDays } from './books-period';

/**
 * The books export (issue 29): a format and a period (or a reconciliation session's), saved through
 * main's save dialog. Main reads the journal only; the page gives no profile, main uses the active one.
 */
export function BooksExport({ sessionId, sandbox }: { sessionId?: string; sandbox: boolean }) {
  const id = useId();
  const [format, setFormat] = useState<BookFormat>('quickbooks');
  const [days, setDays] = useState(() => lastMonthDays(new Date()));
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BooksExportResult | null>(null);
  const [error, setError] = useState<ErrorInfo | null>(null);
  const period = sessionId ? null : booksPeriod(days.from, days.to);

  async function run() {
    if (busy || (!sessionId && !period)) return;
    setBusy(true);
    setError(null);
    setResult(null);
    const request = sessionId ? { format, sessionId } : { format, ...period! };
    const answer = await callMerchant((api) => api.books.export(request));
    setBusy(false);
    if (answer.ok) setResult(answer.data);
    else setError(answer.error);
  }

  return (
    <details className="books-export" data-testid="books-export">
      <summary>{W.open}</summary>
      <p className="muted">{W.intro}</p>
      {sandbox && <p className="notice notice--info">{W.sandbox}</p>}
      <div className="field">
        <label htmlFor={`${id}-format`}>{W.format}</label>
        <select
          id={`${id}-format`}
          value={format}
          onChange={(e) => setFormat(e.target.value as BookFormat)}
          data-testid="books-format"
        >
          {FORMATS.map((f) => (
            <option key={f} value={f}>
              {FORMAT_LABELS[f]}
            </option>
          ))}
        </select>
      </div>
      {sessionId ? (
        <p className="muted">{W.sessionNote}</p>
      ) : (
        <div className="books-export__days">
          <div className={`field${period ? '' : ' field--invalid'}`}>
            <label htmlFor={`${id}-from`}>{W.from}</label>
            <input
              id={`${id}-from`}
              type="date"
              value={days.from}
              onChange={(e) => setDays({ ...days, from: e.target.value })}
              data-testid="books-from"
            />
          </div>
          <div className={`field${period ? '' : ' field--invalid'}`}>
            <label htmlFor={`${id}-to`}>{W.to}</label>
            <input
              id={`${id}-to`}
              type="date"
              value={days.to}
              onChange={(e) => setDays({ ...days, to: e.target.value })}
              aria-invalid={period ? undefined : true}
              data-testid="books-to"
            />
            {!period && (
              <p className="field__error" role="alert">
                {W.badRange}
              </p>
            )}
          </div>
          <p className="muted">{W.daysNote}</p>
        </div>
      )}
      <button
        type="button"
        className="button"
        onClick={() => void run()}
        disabled={busy || (!sessionId && !period)}
        aria-busy={busy}
        data-testid="books-export-run"
      >
        {busy ? W.exporting : W.export}
      </button>
      {error && <ErrorNotice title={W.failed} error={error} sent={W.notSent} />}
      {result && <BooksResult result={result} />}
    </details>
  );
}

function BooksResult({ result }: { result: BooksExportResult }) {
  if (!result.stampPath)
    return (
      <p className="notice notice--info" role="status" data-testid="books-export-result">
        {W.cancelled}
      </p>
    );
  return (
    <div className="notice notice--good" role="status" data-testid="books-export-result">
      <p className="notice__title">{W.saved(result.movements)}</p>
      {result.withoutRate > 0 && <p>{W.noRate(result.withoutRate)}</p>}
      <p>{W.files}:</p>
      <ul>
        {result.paths.map((p) => (
          <li key={p}>
            <code>{p}</code>
          </li>
        ))}
      </ul>
      <p>
        {W.stamp}: <code>{result.stampPath}</code>
      </p>
      <p>
        {W.position}: <code>{result.chainPosition ?? W.noPosition}</code>
      </p>
    </div>
  );
}
