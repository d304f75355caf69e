import type { ConnectionStatus, ErrorInfo } from '@contract';
import type { BadgeTone } from '../components/Badge';

export interface ConnectionWords {
  label: string;
  tone: BadgeTone;
  /**
   * The cause in plain words when it does not depend on main's error (offline); null otherwise. A
   * degraded connection's cause does, and is worded beside the badge by ConnectionCause.
   */
  cause: string | null;
  /** What main said, for support: shown collapsed, never as the headline. */
  detail: ErrorInfo | null;
}

/** The shell's words for the connection's state: the badge, and the offline cause the banner names. */
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
        cause: null,
        detail: error,
      };
    default:
      return { label: 'Connecting', tone: 'info', cause: null, detail: null };
  }
}
