import { describe, expect, it } from 'vitest';
import { REDACTED, Redactor } from '@main/security/redactor';

describe('redactor', () => {
  it('copies an object referenced twice both times, and marks only a real cycle', () => {
    const redactor = new Redactor();
    redactor.register('sk_live_secret_123');
    const address = { network: 'tron', note: 'key sk_live_secret_123' };
    const answer = { rows: [address, address], first: address };
    expect(redactor.value(answer)).toEqual({
      rows: [
        { network: 'tron', note: `key ${REDACTED}` },
        { network: 'tron', note: `key ${REDACTED}` },
      ],
      first: { network: 'tron', note: `key ${REDACTED}` },
    });
    const loop: Record<string, unknown> = { name: 'loop' };
    loop.self = loop;
    expect(redactor.value({ loop })).toEqual({ loop: { name: 'loop', self: '[circular]' } });
  });
});
