import type { ConfirmAnswer, ConfirmRequest } from './confirmer';

const CANCEL = 0;
const GO_AHEAD = 1;

/**
 * The native message box for a confirmation (Electron's showMessageBox options, without importing
 * Electron): Cancel is the default button and what Escape chooses, so Enter or a stray key never sends.
 */
export function dialogOptionsFor(request: ConfirmRequest) {
  return {
    type: 'warning' as const,
    title: 'Merchant Desk',
    message: request.title,
    detail: request.lines.join('\n'),
    buttons: ['Cancel', request.confirmLabel],
    defaultId: CANCEL,
    cancelId: CANCEL,
    noLink: true,
  };
}

/** Only the go-ahead button accepts; anything else (Cancel, Escape, a closed window) declines. */
export const answerOf = (response: number): ConfirmAnswer =>
  response === GO_AHEAD ? 'accepted' : 'declined';
