import { AppError } from '@shared/errors';

/**
 * What main shows before it acts on a decision the page cannot be trusted to have made: its own
 * rendering of what will happen, built from the validated request, never text the renderer supplied.
 */
export interface ConfirmRequest {
  /** One line saying what is asked ("Send a live withdrawal?"). */
  title: string;
  /** The facts, one per line, each complete on its own (the full address, never an abbreviation). */
  lines: string[];
  /** The label of the button that goes ahead; the default button is always the one that does not. */
  confirmLabel: string;
  /**
   * Set for live money and a live profile's target: once accepted, main also checks who is at the
   * desk (withUserCheck). What the check is for, as the OS prompt says it ("send a live withdrawal").
   */
  userCheck?: string;
}

export type ConfirmAnswer = 'accepted' | 'declined';

/**
 * The deciding step for money and for where a live key points. In the app a native dialog parented to
 * the window (index.ts); in the browser test host and in tests a stand-in the tests drive.
 */
export type Confirmer = (request: ConfirmRequest) => Promise<ConfirmAnswer>;

/** Asks, and throws the one "declined in main" error unless the person accepted. */
export async function requireConfirmation(confirm: Confirmer, request: ConfirmRequest): Promise<void> {
  const answer = await confirm(request);
  if (answer !== 'accepted') {
    throw new AppError(
      'declined-in-main',
      'You cancelled this in the confirmation window. Nothing was sent.',
    );
  }
}

/** Throws (an AppError saying why) unless the person at the desk proved who they are. */
export type UserVerifier = (reason: string) => Promise<void>;

/**
 * The step after main's dialog: a request marked `userCheck` that the person accepted counts only
 * once the OS user check (or the desk passphrase) passes too; its failure is thrown, so nothing is
 * signed. Declined requests and unmarked ones are passed through as they are.
 */
export function withUserCheck(confirm: Confirmer, verify: UserVerifier): Confirmer {
  return async (request) => {
    const answer = await confirm(request);
    if (answer === 'accepted' && request.userCheck !== undefined) await verify(request.userCheck);
    return answer;
  };
}
