import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { logFilesIn, openFileLog } from '@main/app/logging/file-log';
import { redactLine } from '@main/app/logging/redact-line';
import { Redactor } from '@main/security/redactor';

const KEY = 'sk_live_4f1c9a7e2b_KEEP_OUT';
const SIGNATURE = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const MD5_SIGN = '5d41402abc4b2a76b9719d911017c592';
const WEBHOOK_SECRET = 'whsec_Q2hhbmdlTWU';

const freshDir = () => mkdtempSync(join(tmpdir(), 'md-log-'));

describe('the log file', () => {
  it('holds the redacted form of a line with a key, signatures and a secret in it', () => {
    const dir = freshDir();
    const redactor = new Redactor();
    redactor.register(KEY);
    const log = openFileLog({ dir, redactor });
    log.write(`request failed: key ${KEY} sign=${MD5_SIGN} X-Signature: ${SIGNATURE}`);
    log.write(`{"apiKey":"other-key-123456","webhookSecret":"${WEBHOOK_SECRET}","amount":"12.5"}`);
    log.write(`headers Authorization: Bearer tok_abcdef123456 Merchant: m-42`, 'warn');

    const text = readFileSync(log.file, 'utf8');
    for (const secret of [KEY, SIGNATURE, MD5_SIGN, WEBHOOK_SECRET, 'other-key-123456', 'tok_abcdef123456'])
      expect(text).not.toContain(secret);
    expect(text).toContain('request failed: key [redacted] sign=[redacted] X-Signature: [redacted]');
    expect(text).toContain('"apiKey":"[redacted]","webhookSecret":"[redacted]","amount":"12.5"');
    // What is not a credential stays readable for support: the merchant id, the amount, the level.
    expect(text).toMatch(/\[warn\]\s+headers Authorization: \[redacted\] Merchant: m-42/);
    expect(statSync(log.file).mode & 0o777).toBe(0o600);
  });

  it('keeps a multi-line message on one line, so a message cannot forge a log entry', () => {
    const log = openFileLog({ dir: freshDir() });
    log.write('first\n[2026-01-01 00:00:00.000] [info] forged');
    const lines = readFileSync(log.file, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('first ⏎ [2026-01-01');
  });

  it('rotates at the size limit and keeps only the given number of old files', () => {
    const dir = freshDir();
    const log = openFileLog({ dir, maxBytes: 2_000, keep: 2 });
    const line = (n: number) => `line ${String(n).padStart(4, '0')} ${'x'.repeat(150)}`;
    for (let n = 0; n < 60; n++) log.write(line(n));

    expect(logFilesIn(dir)).toEqual(['main.log', 'main.1.log', 'main.2.log']);
    expect(existsSync(join(dir, 'main.3.log'))).toBe(false);
    for (const name of logFilesIn(dir)) {
      // One line past the limit at most: the check runs before each write.
      expect(statSync(join(dir, name)).size).toBeLessThan(2_000 + 250);
    }
    // The newest line is in main.log, and the archives are older, in order.
    expect(readFileSync(join(dir, 'main.log'), 'utf8')).toContain(line(59));
    const firstOf = (name: string) => Number(/line (\d+)/.exec(readFileSync(join(dir, name), 'utf8'))![1]);
    expect(firstOf('main.1.log')).toBeLessThan(firstOf('main.log'));
    expect(firstOf('main.2.log')).toBeLessThan(firstOf('main.1.log'));
    // The oldest lines are gone: three files of about 2 KB cannot hold 60 lines of 170 bytes.
    const all = logFilesIn(dir)
      .map((n) => readFileSync(join(dir, n), 'utf8'))
      .join('');
    expect(all).not.toContain(line(0));
  });

  it('continues an existing file and rotates it when it is already over the limit', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'main.log'), `${'old '.repeat(1_000)}\n`);
    const log = openFileLog({ dir, maxBytes: 1_000, keep: 3 });
    log.write('after restart');
    expect(readFileSync(join(dir, 'main.1.log'), 'utf8')).toContain('old old');
    expect(readFileSync(log.file, 'utf8')).toContain('after restart');
  });
});

describe('a data folder that cannot hold a log', () => {
  it('does not stop start-up: writing goes nowhere (or to the echo, redacted) instead of throwing', () => {
    const dir = freshDir();
    const notAFolder = join(dir, 'not-a-folder');
    writeFileSync(notAFolder, 'a file where the data folder should be');
    const echoed: string[] = [];
    const redactor = new Redactor();
    redactor.register(KEY);
    const log = openFileLog({ dir: join(notAFolder, 'logs'), redactor, echo: (line) => echoed.push(line) });
    expect(() => log.write(`start-up failed with key ${KEY}`, 'error')).not.toThrow();
    expect(echoed).toEqual(['start-up failed with key [redacted]']);
    expect(readFileSync(notAFolder, 'utf8')).toBe('a file where the data folder should be');
  });
});

describe('redactLine', () => {
  it('leaves ordinary words alone: design, sign in, short hex and ids', () => {
    const line = 'Sign in again; invoice 7f3a, design review, withdrawal w-123 accepted';
    expect(redactLine(line)).toBe(line);
  });

  it('caps a runaway line', () => {
    const out = redactLine('a '.repeat(10_000));
    expect(out.length).toBeLessThan(8_100);
    expect(out).toMatch(/more characters\]$/);
  });
});
