import type { ConnectionStatus } from '@contract';
import type { BadgeTone } from '../components/Badge';

export interface ConnectionWords {
  label: string;
  tone: BadgeTone;
  /** The cause in plain words, shown beside the badge (never only in a tooltip); null when all is well. */
  cause: string | null;
  /** What main said, for support: shown collapsed, never as the headline. */
  detail: string | null;
}

/**
 * Main's messages name operations and errno codes (fine for a support ticket, not for a headline),
 * so the shell says the cause in words by recognising the families of message our own API client writes.
 */
const CAUSES: Array<[RegExp, string]> = [
  [/no api key/i, 'No API key is stored for this profile. Add it in Settings.'],
  [/timestamp|clock/i, 'The service refused the request time: this computer’s clock is off.'],
  [
    /authentication|invalid sign|invalid merchant|api key/i,
    'The service refused this profile’s key or merchant ID.',
  ],
  [/suspended/i, 'The service says this merchant account is suspended.'],
  [/http 429|too many|slow down/i, 'The service asked us to slow down; refreshes resume shortly.'],
  [/http 5\d\d/i, 'The service reported an internal error on its side.'],
];

export function connectionWords(status: ConnectionStatus | null): ConnectionWords {
  const detail = status?.message ?? null;
  switch (status?.state) {
    case 'online':
      return { label: 'Online', tone: 'good', cause: null, detail: null };
    case 'offline':
      return {
        label: 'Offline',
        tone: 'offline',
        cause: 'The service cannot be reached. Check the network; figures on screen are not current.',
        detail,
      };
    case 'degraded': {
      const cause = CAUSES.find(([pattern]) => detail && pattern.test(detail))?.[1];
      return {
        label: 'Degraded',
        tone: 'warn',
        cause: cause ?? 'The service is answering some requests with errors.',
        detail,
      };
    }
    default:
      return { label: 'Connecting', tone: 'info', cause: null, detail: null };
  }
}
