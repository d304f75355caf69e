import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { z } from 'zod';
import type { HeldAnswer, JournalStore } from '../storage/port';
import { NotRecordedError } from '../storage/port/errors';
import { toStoredJson } from '../storage/port/redact';
import { SettleInputSchema } from '../storage/port/types';
import { writeFileAtomic } from '../services/atomic-file';
import { DamagedFileError } from './damaged-file';
import type { WebhookSink } from '../services/webhook-intake';

/**
 * The side file beside the journal: the service's answers that arrived while the disk was too full
 * to record them. It holds only what the journal itself would store (answers pass through the same
 * redaction), never a key or a signature.
 */
const SideFile = z.object({
  version: z.literal(1),
  answers: z.array(z.object({ journalId: z.number().int().positive(), input: SettleInputSchema })),
});

export const sideFileOf = (journalFile: string) => `${journalFile}.answers.json`;

/**
 * The answers a previous run could not record. An unreadable side file is reported and moved aside
 * (never trusted, never overwritten), so a person can still read what it holds.
 */
export function readHeldAnswers(file: string, log: (line: string) => void): HeldAnswer[] {
  if (!existsSync(file)) return [];
  try {
    return SideFile.parse(JSON.parse(readFileSync(file, 'utf8'))).answers as HeldAnswer[];
  } catch (error) {
    const aside = `${file}.unreadable-${Date.now()}`;
    renameSync(file, aside);
    log(`journal: the side file of unrecorded answers cannot be read (${String(error)}); moved to ${aside}`);
    return [];
  }
}

export interface PendingAnswers {
  /** Keeps an answer the journal could not record; returns whether the side file holds it too. */
  hold(answer: HeldAnswer): boolean;
  /** Tries to record every held answer now; returns the journal ids recorded. */
  flush(): Promise<number[]>;
  /** The held answers, oldest first. */
  held(): readonly HeldAnswer[];
}

/**
 * Held answers in memory and in the side file, recorded as soon as the journal accepts them. The
 * side file is rewritten atomically on each change and removed once nothing is held.
 */
export function createPendingAnswers(
  file: string,
  journal: Pick<JournalStore, 'settle'>,
  log: (line: string) => void,
): PendingAnswers {
  const answers = new Map<number, HeldAnswer>();
  let flushing: Promise<number[]> = Promise.resolve([]);

  function persist(): boolean {
    try {
      if (answers.size === 0) rmSync(file, { force: true });
      else {
        const stored = [...answers.values()].map(({ journalId, input }) => ({
          journalId,
          input: { ...input, response: JSON.parse(toStoredJson(input.response) ?? 'null') as unknown },
        }));
        writeFileAtomic(file, JSON.stringify({ version: 1, answers: stored }));
      }
      return true;
    } catch (error) {
      log(`journal: could not write the side file of unrecorded answers: ${String(error)}`);
      return false;
    }
  }

  return {
    hold(answer) {
      answers.set(answer.journalId, answer);
      return persist();
    },
    flush() {
      // One flush at a time: two at once would settle the same answer twice.
      const run = flushing.then(flushNow, flushNow);
      flushing = run.catch(() => []);
      return run;
    },
    held: () => [...answers.values()],
  };

  async function flushNow(): Promise<number[]> {
    const recorded: number[] = [];
    for (const answer of [...answers.values()]) {
      try {
        await journal.settle(answer.journalId, answer.input);
      } catch (error) {
        // Still full: keep all of them for the next try. Any other refusal is final for this one.
        if (error instanceof NotRecordedError) break;
        log(`journal: held answer for entry #${answer.journalId} dropped: ${String(error)}`);
      }
      answers.delete(answer.journalId);
      recorded.push(answer.journalId);
    }
    if (recorded.length > 0) persist();
    return recorded;
  }
}

/**
 * Opens the journal with the answers a previous run held in the side file, so they are recorded
 * before interrupted rows are marked unknown, then removes the side file they came from. If the
 * journal is damaged, the side file belongs with it: it is moved aside together with the journal,
 * so a fresh journal (which has none of its entries) never takes it and deletes it.
 */
export async function openWithHeldAnswers(
  journalFile: string,
  open: (held: HeldAnswer[]) => Promise<JournalStore>,
  log: (line: string) => void,
): Promise<{ journal: JournalStore; pending: PendingAnswers }> {
  const file = sideFileOf(journalFile);
  const held = readHeldAnswers(file, log);
  let journal: JournalStore;
  try {
    journal = await open(held);
  } catch (error) {
    if (!(error instanceof DamagedFileError) || !existsSync(file)) throw error;
    throw new DamagedFileError(error.file, error.what, error.reason, {
      cause: error.cause,
      companions: [...error.companions, file],
    });
  }
  if (held.length > 0) {
    rmSync(file, { force: true });
    log(`journal: ${held.length} answer(s) kept while the disk was full are now recorded`);
  }
  return { journal, pending: createPendingAnswers(file, journal, log) };
}

/** A webhook sink that first records held answers, so an event names an entry that carries its id. */
export function heldAnswersFirst(sink: WebhookSink, pending: PendingAnswers): WebhookSink {
  return {
    applyWithdrawalEvent: async (...args) => {
      await pending.flush();
      return sink.applyWithdrawalEvent(...args);
    },
    applyInvoiceEvent: async (...args) => {
      await pending.flush();
      return sink.applyInvoiceEvent(...args);
    },
  };
}
