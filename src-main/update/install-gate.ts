/**
 * What a restart would cut through, asked of the composition root's services (app/modules/updates.ts
 * answers from the journal, main's confirmations and the reconciliation sessions).
 */
export interface DeskActivity {
  /** Journal ids of writes sent and not yet answered (`sending`). */
  sending(): Promise<number[]>;
  /** Journal ids of writes whose outcome nobody knows yet (`unknown`). */
  unknown(): Promise<number[]>;
  /** How many of main's own confirmations are open now (a withdrawal's, an approval's, a key's). */
  openConfirmations(): number;
  /** How many reconciliation sessions are open, in any profile. */
  openReconciliations(): Promise<number>;
}

const entries = (ids: number[]) =>
  ids.length === 1
    ? `journal entry ${ids[0]}`
    : `journal entries ${ids.slice(0, 5).join(', ')}${ids.length > 5 ? '…' : ''}`;

/**
 * Why the desk must not restart into an update now, in words a person can act on; null when nothing
 * is in flight. A question that cannot be answered counts as "something may be in flight".
 */
export async function whyNotNow(activity: DeskActivity): Promise<string | null> {
  try {
    const sending = await activity.sending();
    if (sending.length)
      return `a payment request is being sent right now (${entries(sending)}). Wait until its answer is recorded, then restart.`;
    const unknown = await activity.unknown();
    if (unknown.length)
      return `nobody knows yet whether ${unknown.length === 1 ? 'a request was' : `${unknown.length} requests were`} carried out (${entries(unknown)}). Resolve ${unknown.length === 1 ? 'it' : 'them'} in the Journal first, then restart.`;
    if (activity.openConfirmations() > 0)
      return 'a confirmation is open in Merchant Desk. Answer it first, then restart.';
    const sessions = await activity.openReconciliations();
    if (sessions)
      return `${sessions === 1 ? 'a reconciliation session is' : `${sessions} reconciliation sessions are`} open. Close ${sessions === 1 ? 'it' : 'them'} first, then restart.`;
    return null;
  } catch (error) {
    return `Merchant Desk could not check whether anything is in flight (${error instanceof Error ? error.message : String(error)}). Try again in a moment.`;
  }
}

/** Counts calls still running of an async function (main's confirmation), for openConfirmations(). */
export function countOpen<A extends unknown[], R>(fn: (...args: A) => Promise<R>) {
  let open = 0;
  return {
    fn: async (...args: A): Promise<R> => {
      open++;
      try {
        return await fn(...args);
      } finally {
        open--;
      }
    },
    open: () => open,
  };
}
