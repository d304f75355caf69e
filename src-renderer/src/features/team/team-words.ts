import type { TeamStatus } from '@contract';
import type { BadgeTone } from '../../components/Badge';
import { formatClock } from '../../lib/time';

/** The top bar's few words for the team connection: "Team · online", "Team · offline as of 12:04". */
export function teamBadgeWords(status: TeamStatus): { label: string; tone: BadgeTone; narrow?: string } {
  switch (status.connection) {
    case 'online':
      // The usual state takes the least room on a narrow window: "Team", the problems keep their words.
      return { label: 'Team · online', tone: 'good', narrow: 'Team' };
    case 'offline':
      return {
        label: status.asOf ? `Team · offline as of ${formatClock(status.asOf)}` : 'Team · offline',
        tone: 'offline',
      };
    case 'read-only':
      return { label: 'Team · read-only: update the app', tone: 'warn' };
    case 'rewritten':
      return { label: 'Team · history does not check', tone: 'bad' };
    case 'connecting':
      return { label: 'Team · connecting', tone: 'neutral' };
    case 'none':
      return { label: 'This desk only', tone: 'neutral' };
  }
}
