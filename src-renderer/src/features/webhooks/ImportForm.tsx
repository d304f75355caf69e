import { useState, type ChangeEvent } from 'react';
import type { WebhookImportResult } from '@contract';
import { IMPORT_LIMITS } from '@shared/domain/webhooks';
import { ErrorNotice } from '../../components/StateViews';
import { DeliveryCard } from './DeliveryCard';
import { useWebhooksStore } from './webhooks-store';
import { formatCount } from '../../lib/humanize';

const n = formatCount;

function ImportSummary({ result }: { result: WebhookImportResult }) {
  const c = result.counts;
  return (
    <div data-testid="import-summary">
      {c && (
        <p className="notice notice--info" role="status">
          {n(c.lines)} {c.lines === 1 ? 'line' : 'lines'}: {n(c.applied)} applied to the journal,{' '}
          {n(c.verified)} verified without a journal change, {n(c.duplicates)} duplicates, {n(c.rejected)}{' '}
          rejected, {n(c.skipped)} skipped
          {c.notRead > 0
            ? `, ${n(c.notRead)} not read (over the ${n(IMPORT_LIMITS.maxLines)}-line limit)`
            : ''}
          .
        </p>
      )}
      {result.skipped && result.skipped.length > 0 && (
        <details open data-testid="import-skipped">
          <summary>Skipped lines</summary>
          <ul>
            {result.skipped.map((s) => (
              <li key={s.line}>
                Line {s.line}: {s.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      {result.deliveries.length > 0 && (
        <>
          <h3>
            {c && c.read > result.deliveries.length
              ? `The first ${result.deliveries.length} deliveries`
              : 'Deliveries'}
          </h3>
          <ol className="delivery-list">
            {result.deliveries.map((d) => (
              <DeliveryCard key={d.id} delivery={d} />
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

/** A JSON-lines export from the merchant's server: one delivery per line, bad lines skipped by number. */
export function ImportForm() {
  const importFile = useWebhooksStore((s) => s.importFile);
  const importing = useWebhooksStore((s) => s.importing);
  const progress = useWebhooksStore((s) => s.progress);
  const imported = useWebhooksStore((s) => s.imported);
  const [readError, setReadError] = useState<string | null>(null);

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setReadError(null);
    try {
      const content = await file.text();
      if (content.trim() === '') setReadError(`${file.name} is empty: nothing was imported.`);
      else await importFile(content);
    } catch {
      setReadError(`${file.name} could not be read: nothing was imported.`);
    }
  };

  return (
    <section className="panel webhooks__import" aria-labelledby="webhooks-import-title">
      <h2 id="webhooks-import-title">Import a file</h2>
      <p className="muted">
        A JSON-lines file, one delivery per line: <code>raw_body</code> (the exact bytes received) and the
        signature as <code>signature</code> or <code>headers[&quot;X-Signature&quot;]</code>. Up to{' '}
        {n(IMPORT_LIMITS.maxLines)} lines.
      </p>
      <div className="field">
        <label htmlFor="webhook-file">JSON-lines file</label>
        <input
          id="webhook-file"
          type="file"
          accept=".jsonl,.ndjson,.json,.txt,application/x-ndjson"
          disabled={importing}
          onChange={(e) => void choose(e)}
          data-testid="webhook-file"
        />
      </div>
      {importing && (
        <p role="status" data-testid="import-progress">
          Importing…{' '}
          {progress && (
            <>
              <progress max={progress.total} value={progress.done} aria-label="Import progress" />{' '}
              {n(progress.done)} of {n(progress.total)} lines
            </>
          )}
        </p>
      )}
      {readError && <p className="notice notice--error">{readError}</p>}
      {imported && !imported.ok && (
        <ErrorNotice title="The file was not imported." error={imported.error} sent="Nothing was changed." />
      )}
      {imported?.ok && <ImportSummary result={imported.data} />}
    </section>
  );
}
