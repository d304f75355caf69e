import type { TeamDesks } from '@contract';
import type { ConfirmRequest } from './confirmer';

type Desk = TeamDesks['desks'][number];

/**
 * Main's own account of revoking a desk, built from the server's record of it (never the page's
 * words for it): the desk is refused everything from its next query, for good.
 */
export function revokeDeskConfirmation(desk: Desk, reason: string): ConfirmRequest {
  return {
    title: `Revoke the desk “${desk.name}”?`,
    lines: [
      `Desk: ${desk.name} (id ${desk.id})`,
      `Enrolled${desk.enrolledBy ? ` by ${desk.enrolledBy}` : ''}${desk.enrolledAt ? ` at ${desk.enrolledAt}` : ''}`,
      `Reason, as every desk of the team will see it: ${reason}`,
      'From its next request the team’s server refuses this desk everything: it cannot record, send or resolve anything again. Withdrawals it holds stay shown to every desk as sent by it, outcome unknown, until a webhook or a person resolves them.',
      'This cannot be undone: the computer needs a new enrollment code to join again, as a new desk.',
    ],
    confirmLabel: 'Revoke the desk',
  };
}
