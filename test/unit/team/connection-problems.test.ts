import { describe, expect, it } from 'vitest';
import { describeConnectionError } from '@main/team/connection-problems';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('connection failures in words', () => {
  it.each([
    ['SELF_SIGNED_CERT_IN_CHAIN', 'tls-not-signed'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'tls-not-signed'],
    ['CERT_HAS_EXPIRED', 'tls-not-signed'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls-name-mismatch'],
    ['ECONNREFUSED', 'unreachable'],
    ['ENOTFOUND', 'unreachable'],
    ['28P01', 'wrong-password'],
    ['28000', 'wrong-password'],
    ['3D000', 'no-database'],
  ])('%s → %s', (code, problem) => {
    expect(describeConnectionError(withCode(code), 'db.team.example:5432').problem).toBe(problem);
  });

  it('says a server without TLS is refused, since no password is sent in the clear', () => {
    const failure = describeConnectionError(
      new Error('The server does not support SSL connections'),
      'db:5432',
    );
    expect(failure).toMatchObject({ problem: 'tls-refused', words: expect.stringContaining('ssl = on') });
  });

  it('names the server, and passes anything else on in its own words', () => {
    const failure = describeConnectionError(new Error('something odd'), 'db.team.example:5432');
    expect(failure).toMatchObject({
      problem: 'other',
      words: expect.stringContaining('db.team.example:5432'),
    });
    expect(failure.words).toContain('something odd');
  });
});
