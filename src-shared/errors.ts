import { z } from 'zod';

/**
 * Every way a call can fail, as one closed list: the renderer branches on these, so no two meanings
 * may share a kind and a new kind is a change to this list, reviewed like any other contract change.
 */
export const ErrorKind = z.enum([
  // The service answered (or did not): classified by the API client.
  'auth',
  'controller',
  'validation',
  'throttle',
  'provider-card',
  'not-found',
  'not-json',
  'schema',
  'transport',
  /** Input the API layer refused before anything was signed or sent. */
  'request',
  // The desk itself.
  /** An IPC payload that does not match the contract: a bug or a hostile page, never sent on. */
  'invalid-request',
  'forbidden-sender',
  'unknown-channel',
  'internal',
  /** The renderer cannot reach main at all (no bridge). */
  'unavailable',
  /** The renderer received an answer that does not match the contract. */
  'malformed-answer',
  'no-api-key',
  'clock-skew',
  'profile-changed',
  /** The person declined in main's own confirmation window (not the page's): nothing was done. */
  'declined-in-main',
  /** The desk is locked (idle, or locked by someone): main refuses what needs its confirmation. */
  'desk-locked',
  /** A wallet's webhook_url names a host the person has not approved in Settings: nothing was sent. */
  'webhook-host-not-approved',
  'check-inconclusive',
  'receiver-port',
  /** A Sandbox control asked for while a profile other than the built-in Sandbox is active. */
  'sandbox-only',
  // The journal.
  'journal-invalid',
  'journal-not-found',
  'journal-illegal-transition',
  'journal-conflict',
  'journal-locked',
  'journal-newer-schema',
  /** The service answered but the journal could not record it as given. */
  'journal-write-failed',
  'duplicate-withdrawal',
  // Profiles.
  'profile-invalid',
  'profile-not-found',
  'profile-protected',
  'profile-conflict',
  'profile-newer-file',
  // The OS keychain.
  'keychain-timeout',
  'keychain-unavailable',
  'keychain-failed',
  'keychain-invalid',
  /** A data file the desk could not open at start-up (damaged, or from a newer version). */
  'file-damaged',
  /**
   * The stored API key was saved for another service address, merchant ID or signing mode (a changed
   * profile, an edited profiles file): it is not used until it is entered again.
   */
  'key-unbound',
  /** A change to where a profile's key is sent (address, merchant ID, legacy signing) needs the key again. */
  'key-required',
  /** The service's answer was larger than the desk reads; it was not read (a write's outcome is unknown). */
  'answer-too-large',
  /**
   * An answer main built does not match the contract (data from the service it cannot pass on, or a
   * bug in main): nothing the person did, unlike 'invalid-request'.
   */
  'invalid-answer',
  /** An update was not installed, or not now: the message says why (its check failed, a write is in flight…). */
  'update-refused',
  /** "Only send to address-book destinations" is on and the address is not in the book: nothing was sent. */
  'not-in-address-book',
  /** A withdrawal over a per-withdrawal or daily limit set in Settings: nothing was sent. */
  'withdrawal-limit',
  /** The OS user check or the desk passphrase did not confirm the person (failed or cancelled). */
  'user-check-failed',
  /** Too many wrong desk passphrases in a row: the check pauses for a while. */
  'user-check-locked',
  /** Live money needs the desk passphrase on a desk without Touch ID, and none is set yet. */
  'passphrase-not-set',
  /** Setting the desk passphrase did not happen (cancelled, too short, the two did not match). */
  'passphrase-not-changed',
  /** This desk is not one of its team's treasury desks: it holds no live API key (issue 28 item 4). */
  'treasury-only',
]);
export type ErrorKind = z.infer<typeof ErrorKind>;

/** How a failure reaches the renderer: what happened, what to do next, and what the UI can act on. */
export const ErrorInfo = z.object({
  kind: ErrorKind,
  message: z.string(),
  httpStatus: z.number().int().optional(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  retryAfterSeconds: z.number().optional(),
  failureCode: z.string().optional(),
  details: z.unknown().optional(),
});
export type ErrorInfo = z.infer<typeof ErrorInfo>;

/** What a failure may carry beyond its kind and message; all of it is safe to show the renderer. */
export interface ErrorExtras {
  httpStatus?: number;
  fieldErrors?: Record<string, string[]>;
  retryAfterSeconds?: number;
  failureCode?: string;
  details?: unknown;
}

/**
 * The one base class for failures a person should read: a kind from the closed list and a message
 * that says what happened and what to do next. The IPC layer turns it into ErrorInfo unchanged.
 */
export class AppError extends Error {
  readonly kind: ErrorKind;
  readonly extras: ErrorExtras;

  constructor(kind: ErrorKind, message: string, extras: ErrorExtras = {}) {
    super(message);
    this.name = 'AppError';
    this.kind = kind;
    this.extras = extras;
  }
}
