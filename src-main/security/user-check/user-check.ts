/**
 * The operating system's side of "who is at the desk" (issue 26 item 2), injected into main's plain
 * code so that nothing tested imports Electron: src-main/index.ts builds it from Touch ID and a small
 * window of main's own; tests and the browser test host pass a stand-in they drive.
 */
export interface UserCheck {
  /**
   * The OS's own check of the signed-in user where Electron offers one (Touch ID on macOS), or null
   * (Windows Hello and Linux have none without a native module: the desk passphrase stands in).
   */
  touchId: TouchIdLike | null;
  /** Main's own passphrase prompt, which no script in the page can read or fill; null = cancelled. */
  askPassphrase: PassphrasePrompt;
}

export interface TouchIdLike {
  /** Whether this Mac can prompt now (a sensor, and a finger enrolled). */
  canPrompt(): boolean;
  /** true only when the OS says the user was recognised; a failure and a cancel are both false. */
  prompt(reason: string): Promise<boolean>;
}

/** What main's prompt asks for: the passphrase to check, a new one, or the new one again. */
export interface PassphraseQuestion {
  mode: 'check' | 'new' | 'repeat';
  /** What the check is for, in main's words ("send a live withdrawal"). */
  reason: string;
  /** A line shown under the field (tries left), or none. */
  notice?: string;
}

export type PassphrasePrompt = (question: PassphraseQuestion) => Promise<string | null>;
