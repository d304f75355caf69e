import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '@main/secrets';
import { createDeskVerification } from '@main/security/user-check/desk-verification';
import { createPassphraseStore } from '@main/security/user-check/passphrase-store';
import { LOCKOUT_MS } from '@main/security/user-check/lockout';
import { createUserCheckStandIn } from '@test/helpers/user-check-stand-in';

const PASSPHRASE = 'the blue ledger at noon';

function desk(touchId: 'passes' | 'fails' | 'absent' = 'absent') {
  const clock = { now: 1_700_000_000_000 };
  const keychain = createMemoryStore();
  const checks = createUserCheckStandIn(touchId);
  const verification = createDeskVerification({
    check: checks.userCheck,
    store: createPassphraseStore(keychain),
    now: () => clock.now,
  });
  return { clock, keychain, checks, verification };
}

async function withPassphrase() {
  const d = desk();
  d.checks.answer(PASSPHRASE, PASSPHRASE);
  await d.verification.setPassphrase();
  d.checks.questions.length = 0;
  return d;
}

describe('who is at the desk, before live money moves', () => {
  it('asks Touch ID where the OS offers it, with main’s reason, and refuses when it fails', async () => {
    const d = desk('passes');
    await expect(d.verification.verify('send a live withdrawal')).resolves.toBeUndefined();
    expect(d.checks.touchIdReasons).toEqual(['send a live withdrawal']);
    d.checks.touchId('fails');
    await expect(d.verification.verify('send a live withdrawal')).rejects.toMatchObject({
      kind: 'user-check-failed',
      message: expect.stringMatching(/Touch ID did not confirm who you are, so nothing was sent/),
    });
    expect(d.checks.questions).toEqual([]);
  });

  it('without Touch ID and without a passphrase, refuses and says to set one in Settings', async () => {
    const d = desk();
    await expect(d.verification.verify('send a live withdrawal')).rejects.toMatchObject({
      kind: 'passphrase-not-set',
      message: expect.stringMatching(/Settings → Desk passphrase/),
    });
    expect(await d.verification.status()).toEqual({
      method: 'passphrase',
      passphraseSet: false,
      lockedMinutes: null,
    });
  });

  it('stores only a salted scrypt hash in the keychain, and passes with the passphrase typed in main’s prompt', async () => {
    const d = await withPassphrase();
    const stored = await d.keychain.get('desk-passphrase');
    expect(stored).toMatch(/^scrypt-v1\./);
    expect(stored).not.toContain('ledger');
    d.checks.answer(PASSPHRASE);
    await d.verification.verify('send a live withdrawal');
    expect(d.checks.questions).toEqual([{ mode: 'check', reason: 'send a live withdrawal' }]);
  });

  it('refuses a wrong passphrase and a cancelled prompt, saying nothing was sent', async () => {
    const d = await withPassphrase();
    d.checks.answer('the blue ledger at nine', null);
    await expect(d.verification.verify('send a live withdrawal')).rejects.toMatchObject({
      kind: 'user-check-failed',
      message: expect.stringMatching(/not the desk passphrase, so nothing was sent or changed\. 4 more/),
    });
    await expect(d.verification.verify('send a live withdrawal')).rejects.toMatchObject({
      kind: 'user-check-failed',
      message: expect.stringMatching(/cancelled the passphrase check/),
    });
    // The second prompt told the person how many tries are left.
    expect(d.checks.questions[1]?.notice).toBe('4 tries left before a pause.');
  });

  it('locks after five wrong tries in a row, in words, without asking again, and opens after the pause', async () => {
    const d = await withPassphrase();
    for (let i = 0; i < 4; i++) {
      d.checks.answer('wrong passphrase');
      await expect(d.verification.verify('send a live withdrawal')).rejects.toMatchObject({
        kind: 'user-check-failed',
      });
    }
    d.checks.answer('wrong passphrase');
    await expect(d.verification.verify('send a live withdrawal')).rejects.toMatchObject({
      kind: 'user-check-locked',
      message: expect.stringMatching(/wrong 5 times in a row.*try again in about 5 minutes/),
    });
    // Locked: even the right passphrase is not asked for, so it cannot be guessed meanwhile.
    d.checks.answer(PASSPHRASE);
    d.clock.now += LOCKOUT_MS - 61_000;
    await expect(d.verification.verify('send a live withdrawal')).rejects.toMatchObject({
      kind: 'user-check-locked',
      message: expect.stringMatching(/in about 2 minutes/),
    });
    expect(d.checks.questions).toHaveLength(5);
    expect(await d.verification.status()).toMatchObject({ lockedMinutes: 2 });
    d.clock.now += 61_000;
    await d.verification.verify('send a live withdrawal');
    expect(await d.keychain.get('desk-passphrase-tries')).toBe('md-tries-v1.0.0');
  });

  it('keeps the wrong-try count in the keychain: a restarted desk does not get five more', async () => {
    const d = await withPassphrase();
    d.checks.answer('wrong 1', 'wrong 2', 'wrong 3', 'wrong 4');
    for (let i = 0; i < 4; i++) await expect(d.verification.verify('x')).rejects.toThrow();
    const restarted = createDeskVerification({
      check: d.checks.userCheck,
      store: createPassphraseStore(d.keychain),
      now: () => d.clock.now,
    });
    d.checks.answer('wrong 5');
    await expect(restarted.verify('x')).rejects.toMatchObject({ kind: 'user-check-locked' });
  });

  it('a right passphrase clears the count of wrong ones', async () => {
    const d = await withPassphrase();
    d.checks.answer('wrong 1', 'wrong 2', 'wrong 3', 'wrong 4', PASSPHRASE, 'wrong 5');
    for (let i = 0; i < 4; i++) await expect(d.verification.verify('x')).rejects.toThrow();
    await d.verification.verify('x');
    await expect(d.verification.verify('x')).rejects.toMatchObject({ kind: 'user-check-failed' });
  });
});

describe('setting the desk passphrase in main’s prompt', () => {
  it('asks for it twice and refuses two that differ, one too short, or a cancel', async () => {
    const d = desk();
    d.checks.answer('the blue ledger', 'the blue ledgers');
    await expect(d.verification.setPassphrase()).rejects.toMatchObject({
      kind: 'passphrase-not-changed',
      message: expect.stringMatching(/differ/),
    });
    d.checks.answer('short');
    await expect(d.verification.setPassphrase()).rejects.toMatchObject({
      message: expect.stringMatching(/at least 8 characters/),
    });
    d.checks.answer(null);
    await expect(d.verification.setPassphrase()).rejects.toMatchObject({ kind: 'passphrase-not-changed' });
    expect(await d.keychain.get('desk-passphrase')).toBeNull();
    expect(d.checks.questions.map((q) => q.mode)).toEqual(['new', 'repeat', 'new', 'new']);
  });

  it('changing it needs the current one first, counted like any other try', async () => {
    const d = await withPassphrase();
    d.checks.answer('not the current one');
    await expect(d.verification.setPassphrase()).rejects.toMatchObject({ kind: 'user-check-failed' });
    d.checks.answer(PASSPHRASE, 'a new sentence here', 'a new sentence here');
    expect(await d.verification.setPassphrase()).toEqual({
      method: 'passphrase',
      passphraseSet: true,
      lockedMinutes: null,
    });
    expect(d.checks.questions.map((q) => q.mode)).toEqual(['check', 'check', 'new', 'repeat']);
    d.checks.answer('a new sentence here');
    await d.verification.verify('send a live withdrawal');
  });
});
