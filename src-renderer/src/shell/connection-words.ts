import type { ConnectionStatus, ErrorInfo } from '@contract';
import type { BadgeTone } from '../components/Badge';
import { plainError } from '../lib/plain-error';

export interface ConnectionWords {
  label: string;
  tone: BadgeTone;
  /** The cause in plain words, shown beside the badge (never only in a tooltip); null when all is well. */
  cause: string | null;
  /** What main said, for support: shown collapsed, never as the headline. */
  detail: ErrorInfo | null;
}

/** The shell words a failure by its kind, with the same plain words every screen uses. */
export function connectionWords(status: ConnectionStatus | null): ConnectionWords {
  const error = status?.error ?? null;
  switch (status?.state) {
    case 'online':
      return { label: 'Online', tone: 'good', cause: null, detail: null };
    case 'offline':
      return {
        label: 'Offline',
        tone: 'offline',
        cause: 'The service cannot be reached. Check the network; figures on screen are not current.',
        detail: error,
      };
    case 'degraded':
      return {
        label: 'Degraded',
        tone: 'warn',
        cause: error ? plainError(error).cause : 'The service is answering some requests with errors.',
        detail: error,
      };
    default:
      return { label: 'Connecting', tone: 'info', cause: null, detail: null };
  }
}
