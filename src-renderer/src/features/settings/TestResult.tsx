import type { ConnectionTestResult } from '@contract';
import { formatRecordedTime } from './recorded-time';

/** What "Test connection" found, in words; the service's own words stay collapsed. */
export function TestResult({
  result,
  testing,
}: {
  result: ConnectionTestResult | undefined;
  testing: boolean;
}) {
  if (testing) {
    return (
      <p className="muted test-result" data-testid="test-result">
        Testing the connection…
      </p>
    );
  }
  if (!result) return null;
  return (
    <div
      className={`notice ${result.ok ? 'notice--good' : 'notice--error'} test-result`}
      data-testid="test-result"
      data-outcome={result.outcome}
    >
      <p className="notice__title">{result.ok ? 'Connection works' : 'Connection not confirmed'}</p>
      <p>{result.message}</p>
      <p className="muted">
        Checked <time dateTime={result.checkedAt}>{formatRecordedTime(result.checkedAt)}</time>
      </p>
      {result.detail && (
        <details>
          <summary>Technical detail</summary>
          <p className="mono">{result.detail}</p>
        </details>
      )}
    </div>
  );
}
