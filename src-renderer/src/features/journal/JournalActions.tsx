import type { MoneyEnvironment } from '../../components/QrCode';
import { ErrorNotice } from '../../components/StateViews';
import { shortHash, timeToSecond } from './journal-words';
import { useJournalStore } from './journal-store';
import { countOf } from '../../lib/humanize';
import { formatCount } from '../../lib/humanize';

/** "Journal intact · 1,284 events", or where the chain first breaks with a way to open that entry. */
export function VerifyResult() {
  const verify = useJournalStore((s) => s.verify);
  const select = useJournalStore((s) => s.select);
  const at = useJournalStore((s) => s.verifiedAt);
  if (verify.error)
    return (
      <ErrorNotice title="The chain check did not run." error={verify.error} sent="Nothing was changed." />
    );
  const r = verify.result;
  if (!r) return null;
  if (r.ok)
    return (
      <p
        className="notice notice--good journal-verify"
        role="status"
        data-testid="journal-verify-result"
        data-ok="true"
      >
        <span aria-hidden="true">✓ </span>
        <strong>Journal intact</strong> · {countOf(r.checked, 'event')} checked from the first to the head ·
        head <code title={r.head ?? undefined}>{shortHash(r.head ?? '')}</code>
        {at && <> · checked {timeToSecond(at)}</>}
      </p>
    );
  return (
    <div
      className="notice notice--error journal-verify"
      role="alert"
      data-testid="journal-verify-result"
      data-ok="false"
    >
      <p className="notice__title">
        The journal’s chain breaks{r.brokenEntry ? ` at entry #${r.brokenEntry}` : ''}: it was changed outside
        Merchant Desk.
      </p>
      <p>{r.brokenAt}</p>
      <p>
        Entries before it verify; from it on, the record cannot be trusted as written. Keep the file for
        investigation.
      </p>
      {r.brokenEntry && (
        <button type="button" className="button" onClick={() => void select(r.brokenEntry!)}>
          Open entry #{r.brokenEntry}
        </button>
      )}
    </div>
  );
}

/** Where the export went: the file, its row count and the chain head written beside it. */
export function ExportResult({ environment }: { environment: MoneyEnvironment }) {
  const exported = useJournalStore((s) => s.exported);
  if (exported.error)
    return (
      <ErrorNotice
        title="The export was not saved."
        error={exported.error}
        sent="No file was left behind: a half-written export is removed, never kept."
      />
    );
  const r = exported.result;
  if (!r) return null;
  if (!r.path)
    return (
      <p className="notice notice--info" role="status" data-testid="journal-export-result">
        Export cancelled: nothing was saved.
      </p>
    );
  return (
    <div className="notice notice--good" role="status" data-testid="journal-export-result">
      <p className="notice__title">
        Saved {formatCount(r.rows)} {r.rows === 1 ? 'row' : 'rows'}
        {environment === 'sandbox' ? ' of Sandbox entries (play money)' : ''}.
      </p>
      <p>
        File: <code data-testid="journal-export-path">{r.path}</code>
      </p>
      <p>
        Chain head at export, written beside it
        {r.headPath ? (
          <>
            {' '}
            in <code>{r.headPath}</code>
          </>
        ) : (
          ''
        )}
        :{' '}
        <code title={r.chainHead ?? undefined}>
          {r.chainHead ? shortHash(r.chainHead) : 'none: the chain check failed'}
        </code>
      </p>
    </div>
  );
}
