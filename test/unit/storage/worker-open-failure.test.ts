import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JournalError } from '@main/storage/port';
import { openJournal } from '@main/storage/sqlite/journal';
import { openJournalInWorker } from '@main/storage/sqlite/worker-client';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'md-worker-open-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('opening the journal in its worker', () => {
  it('a journal another connection holds is refused as locked, with its kind, every time', async () => {
    const file = join(dir, 'journal.sqlite');
    const holder = openJournal(file);
    try {
      for (let i = 0; i < 5; i++) {
        const failure = await openJournalInWorker(file, { deskId: 'desk-x' }).then(
          () => null,
          (error: unknown) => error,
        );
        expect(failure).toBeInstanceOf(JournalError);
        expect(failure).toMatchObject({ kind: 'journal-locked' });
      }
    } finally {
      holder.close();
    }
    const store = await openJournalInWorker(file, { deskId: 'desk-x' });
    expect((await store.verifyChain()).ok).toBe(true);
    await store.close();
    // Six workers, each compiling its TypeScript entry through tsx: seconds each on a busy machine.
  }, 90_000);
});
