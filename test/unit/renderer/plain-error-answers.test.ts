import { describe, expect, it } from 'vitest';
import { plainError } from '@renderer/lib/plain-error';

describe('plain words for answers the desk could not use', () => {
  it('an answer of main that broke the contract is not blamed on the person', () => {
    const plain = plainError({ kind: 'invalid-answer', message: 'profiles:list: profiles expected array' });
    expect(plain.cause).toBe('Merchant Desk received an answer it could not show.');
    expect(plain.next).toMatch(/Nothing you entered caused this/);
    expect(`${plain.cause} ${plain.next}`).not.toMatch(/profiles:list|Check /);
  });

  it('an answer too large to read is one the desk could not read', () => {
    const plain = plainError({ kind: 'answer-too-large', message: 'larger than 4096 KB' });
    expect(plain.cause).toMatch(/could not read/);
  });
});
