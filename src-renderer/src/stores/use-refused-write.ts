import type { TeamWrite } from '@contract';
import { useTeamStore } from './team-store';

/**
 * Why main says this person's role on the team may not make this write, in words for the screen; null
 * when the form is offered (a desk alone, an operator or admin, or a role not known yet). Main refuses
 * the write itself too, in the same words (src-main/app/may-prepare.ts).
 */
export const useRefusedWrite = (write: TeamWrite): string | null =>
  useTeamStore((s) => s.status?.refused?.[write] ?? null);
