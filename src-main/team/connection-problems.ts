/**
 * What went wrong reaching the team's ledger, in words a person can act on. The kinds are for code
 * (the join screen, the top bar); the words are for people and never carry the password or token.
 */
export const CONNECTION_PROBLEMS = [
  'unreachable',
  'tls-not-signed',
  'tls-name-mismatch',
  'tls-refused',
  'wrong-password',
  'no-database',
  'server-too-old',
  'no-role',
  'not-a-team-ledger',
  'desk-not-enrolled',
  'desk-revoked',
  'schema-newer',
  'schema-older',
  'other',
] as const;
export type ConnectionProblem = (typeof CONNECTION_PROBLEMS)[number];

export interface ConnectionFailure {
  ok: false;
  problem: ConnectionProblem;
  words: string;
}

const fail = (problem: ConnectionProblem, words: string): ConnectionFailure => ({
  ok: false,
  problem,
  words,
});

interface ErrorLike {
  code?: unknown;
  message?: unknown;
}

const NOT_SIGNED = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_SIGNATURE_FAILURE',
]);
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
  'ENOENT',
]);

/** Classifies an error from connecting or logging in; `where` names the server in the words. */
export function describeConnectionError(error: unknown, where: string): ConnectionFailure {
  const { code, message } = (error ?? {}) as ErrorLike;
  const text = typeof message === 'string' ? message : String(error);
  if (typeof code === 'string') {
    if (NOT_SIGNED.has(code))
      return fail(
        'tls-not-signed',
        `The server at ${where} showed a certificate that is not signed by the CA certificate you entered. Check that you pasted the CA the admin gave you for this server; if you did, tell the admin: someone may be in between.`,
      );
    if (code === 'ERR_TLS_CERT_ALTNAME_INVALID')
      return fail(
        'tls-name-mismatch',
        `The server’s certificate is signed by your CA but is not for the address ${where}. Use the exact server name the admin gave you (the one in its certificate).`,
      );
    if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID')
      return fail(
        'tls-not-signed',
        `The server’s certificate at ${where} is expired or not yet valid. Tell the admin, and check this computer’s date and time.`,
      );
    if (UNREACHABLE.has(code) || text.includes('timeout expired'))
      return fail(
        'unreachable',
        `The server at ${where} cannot be reached (${code}). Check the address and port, your network or VPN, and that the server is running.`,
      );
    if (code === '28P01')
      return fail(
        'wrong-password',
        'The server refused the login: the login name or password is wrong. Check both, or ask the admin to set a new password.',
      );
    if (code === '28000')
      return fail(
        'wrong-password',
        'The server does not let this login in from here. Check the login name, and ask the admin to allow it (pg_hba.conf).',
      );
    if (code === '3D000')
      return fail(
        'no-database',
        `The server has no database of that name at ${where}. Check the name the admin gave you.`,
      );
  }
  if (text.includes('does not support SSL'))
    return fail(
      'tls-refused',
      `The server at ${where} does not offer TLS, and a desk never sends a password without it. The admin must turn TLS on (ssl = on).`,
    );
  if (text.includes('timeout expired') || text.includes('Connection terminated unexpectedly'))
    return fail(
      'unreachable',
      `The server at ${where} did not answer in time. Check the address and port, your network or VPN, and that the server is running.`,
    );
  return fail('other', `Could not use the team’s ledger at ${where}: ${text}`);
}
