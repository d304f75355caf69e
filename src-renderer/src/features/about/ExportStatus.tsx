import { ErrorNotice } from '../../components/StateViews';
import type { ExportState } from './about-store';
import { formatCount } from '../../lib/humanize';

const kilobytes = (bytes: number) => `${formatCount(Math.max(1, Math.round(bytes / 1024)))} KB`;

/** What the last export did, in words: where the zip is, or that nothing was saved and why. */
export function ExportStatus({ exported }: { exported: ExportState }) {
  switch (exported.state) {
    case 'idle':
      return null;
    case 'running':
      return (
        <p role="status" data-testid="diagnostics-status">
          Preparing the diagnostics…
        </p>
      );
    case 'cancelled':
      return (
        <p role="status" data-testid="diagnostics-status">
          Nothing was saved: the save dialog was closed.
        </p>
      );
    case 'failed':
      return (
        <ErrorNotice
          error={exported.error}
          title="The diagnostics could not be saved"
          sent="Nothing was sent anywhere: the export only writes a file on this computer."
        />
      );
    case 'saved':
      return (
        <div className="notice notice--good" role="status" data-testid="diagnostics-status">
          <p>
            Saved {exported.result.files.length} files ({kilobytes(exported.result.bytes)}) to{' '}
            <code className="about__path">{exported.result.path}</code>
          </p>
          <p>Attach this file to your message to support. It holds no API key or secret.</p>
        </div>
      );
  }
}
