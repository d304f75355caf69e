import type { ErrorInfo } from './errors';

export interface PlainError {
  /** The cause in plain words, without operation names or error codes. */
  cause: string;
  /** What the person can do now; empty when the cause already says it. */
  next: string;
  /** True when the cause replaces main's message (which then belongs under "Technical detail"). */
  rewritten: boolean;
}

const TRANSPORT = {
  cause: 'Merchant Desk cannot reach the payment service.',
  next: 'Check the internet connection and the profile address in Settings. Merchant Desk keeps retrying on its own.',
};

const UNREADABLE = {
  cause: 'The payment service sent an answer Merchant Desk could not read.',
  next: 'Try again in a moment. If it keeps happening, the service may be changing; contact support.',
};

const GATEWAY = {
  cause: 'The payment service is not available: a gateway in front of it answered with an error page.',
  next: 'Try again in a few minutes; if it lasts, contact the payment provider with the technical detail below.',
};

const CLOCK = {
  cause: 'This computer’s clock differs too much from the service’s clock.',
  next: 'Set the system clock to update automatically, then try again.',
};

/** The service refused the signature's timestamp: outside its window of this computer's clock. */
export const isClockRefusal = (error: ErrorInfo | undefined): boolean =>
  (error?.details as { authError?: unknown } | undefined)?.authError === 'Timestamp expired';

/**
 * The service refuses authentication for reasons that are not the key: a timestamp outside its
 * 300-second window (this computer's clock) and a suspended account. Main passes its reason along.
 */
function authWords(error: ErrorInfo): Omit<PlainError, 'rewritten'> {
  const details = error.details as { authError?: unknown } | undefined;
  if (isClockRefusal(error)) return CLOCK;
  if (details?.authError === 'Merchant account is suspended')
    return {
      cause: 'The payment service has suspended this merchant account.',
      next: 'Contact the payment service: nothing can be sent until the account is active again.',
    };
  return {
    cause: 'The payment service did not accept this profile’s API key.',
    next: 'Check the key and merchant ID for this profile in Settings.',
  };
}

/**
 * The connection was refused before a byte left: certainly not done. The status bar's "keeps
 * retrying" is about reading; a write is never sent again on its own, so it must not be promised.
 */
const NOT_SENT = {
  cause: TRANSPORT.cause,
  next: 'Nothing was sent. Check the internet connection and the profile address in Settings, then try again.',
};

/** The transport refused before a byte left: the service cannot have seen the request. */
export const notSent = (error: Pick<ErrorInfo, 'details'> | null | undefined): boolean =>
  (error?.details as { notSent?: unknown } | undefined)?.notSent === true;

/**
 * Marks a refusal by the team's ledger (a role or a rule of the team, kind 'auth'): its message is
 * already in a person's words and is about the team, not the payment service's API key.
 */
export const TEAM_REFUSAL = { details: { refusedBy: 'team' } } as const;
const isTeamRefusal = (error: ErrorInfo): boolean =>
  (error.details as { refusedBy?: unknown } | undefined)?.refusedBy === TEAM_REFUSAL.details.refusedBy;

/**
 * Plain words for an ErrorInfo: the message from main names operations and errno codes (useful to
 * support, kept under "Technical detail"), so the headline is chosen by the kind alone.
 */
export function plainError(error: ErrorInfo): PlainError {
  const rewritten = rewrite(error);
  // Kinds the desk words itself (profiles, keychain, journal) already speak plainly: keep them.
  return rewritten ? { ...rewritten, rewritten: true } : { cause: error.message, next: '', rewritten: false };
}

function rewrite(error: ErrorInfo): Omit<PlainError, 'rewritten'> | null {
  switch (error.kind) {
    case 'transport':
      return notSent(error) ? NOT_SENT : TRANSPORT;
    case 'not-json':
      // A 5xx page that is not JSON is a gateway (proxy, load balancer) saying the service is down.
      if ((error.httpStatus ?? 0) >= 500) return GATEWAY;
      return UNREADABLE;
    case 'schema':
    case 'malformed-answer':
    case 'answer-too-large':
      return UNREADABLE;
    case 'auth':
      return isTeamRefusal(error) ? null : authWords(error);
    case 'no-api-key':
      return {
        cause: 'This profile has no API key stored yet.',
        next: 'Add the key in Settings.',
      };
    case 'throttle':
      return {
        cause: 'The payment service asked Merchant Desk to slow down.',
        next:
          error.retryAfterSeconds !== undefined
            ? `It will be ready again in about ${Math.ceil(error.retryAfterSeconds)} s.`
            : 'Wait a moment, then try again.',
      };
    case 'clock-skew':
      return CLOCK;
    case 'controller':
    case 'validation':
    case 'not-found':
      if ((error.httpStatus ?? 0) >= 500) {
        return {
          cause: 'The payment service reported an internal error on its side.',
          next: 'Merchant Desk keeps trying; if it lasts, contact the payment provider with the technical detail below.',
        };
      }
      // A refusal is answered the same way when repeated: "try again" would only send it again.
      return {
        cause: 'The payment service refused the request.',
        next: 'Its reason is in the technical detail below: change what it names, or contact the payment provider if it concerns the account.',
      };
    case 'invalid-answer':
      return {
        cause: 'Merchant Desk received an answer it could not show.',
        next: 'Nothing you entered caused this. Try again; if it keeps happening, contact support with the technical detail below.',
      };
    case 'unavailable':
    case 'internal':
      return {
        cause: 'Something went wrong inside Merchant Desk.',
        next: 'Try again; if it keeps happening, restart Merchant Desk.',
      };
    default:
      return null;
  }
}
