import type { PassphraseQuestion, UserCheck } from '@main/security/user-check/user-check';

type TouchIdMode = 'passes' | 'fails' | 'absent';

/**
 * The OS user check as tests drive it. By default a desk with Touch ID that recognises the user, so
 * tests about something else are not interrupted; `touchId('absent')` makes a desk that needs the
 * desk passphrase, whose prompt answers from `answers` in turn (null, or none left: the person cancelled).
 */
export function createUserCheckStandIn(initial: TouchIdMode = 'passes') {
  let mode: TouchIdMode = initial;
  const touchIdReasons: string[] = [];
  const questions: PassphraseQuestion[] = [];
  const answers: Array<string | null> = [];
  const userCheck: UserCheck = {
    touchId: {
      canPrompt: () => mode !== 'absent',
      prompt: async (reason) => {
        touchIdReasons.push(reason);
        return mode === 'passes';
      },
    },
    askPassphrase: async (question) => {
      questions.push(question);
      // Nothing queued: the person closed the prompt.
      return answers.length === 0 ? null : (answers.shift() ?? null);
    },
  };
  return {
    userCheck,
    touchIdReasons,
    questions,
    touchId: (next: TouchIdMode) => void (mode = next),
    /** Queues what the person types at the next prompts (null: they cancel). */
    answer: (...values: Array<string | null>) => void answers.push(...values),
  };
}
export type UserCheckStandIn = ReturnType<typeof createUserCheckStandIn>;
