import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadReceiverSecret, RECEIVER_SECRET_FILE } from '@main/services/webhook-receiver-secret';

describe("the receiver's secret path", () => {
  it('is made once and kept in the data folder, so the address survives a restart', () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-rsec-'));
    const first = loadReceiverSecret(dir);
    expect(first).toMatch(/^[\w-]{43}$/);
    expect(loadReceiverSecret(dir)).toBe(first);
    expect(readFileSync(join(dir, RECEIVER_SECRET_FILE), 'utf8')).toBe(first);
  });

  it('a malformed file (a guessable path) is replaced by a new secret', () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-rsec-'));
    writeFileSync(join(dir, RECEIVER_SECRET_FILE), 'x');
    expect(loadReceiverSecret(dir)).toMatch(/^[\w-]{43}$/);
  });
});
