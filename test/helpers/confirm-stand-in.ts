import type { ConfirmAnswer, ConfirmRequest, Confirmer } from '@main/app/confirm/confirmer';

/**
 * Main's confirmation window as tests drive it: it answers what the test set (accept by default, so
 * tests about something else are not interrupted) and records every request it was shown.
 */
export function createConfirmStandIn(initial: ConfirmAnswer = 'accepted') {
  const shown: ConfirmRequest[] = [];
  let answer: ConfirmAnswer = initial;
  const confirm: Confirmer = async (request) => {
    shown.push(request);
    return answer;
  };
  return {
    confirm,
    shown,
    accept: () => void (answer = 'accepted'),
    decline: () => void (answer = 'declined'),
  };
}
export type ConfirmStandIn = ReturnType<typeof createConfirmStandIn>;
