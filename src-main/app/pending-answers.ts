import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { z } from 'zod';
import type { HeldAnswer, JournalStore } from '../storage/port';
import { NotRecordedError } from '../storage/port/errors';
import { toStoredJson } from '../storage/port/redact';
import { SettleInputSchema } from '../storage/port/types';
import { writeFileAtomic } from '../services/atomic-file';
import { DamagedFileError } from './damaged-file';
import { openHeldAnswers, sealHeldAnswers } from './held-answers-seal';
import type { WebhookSink } from '../services/webhook-intake';

/**
 * The side file beside the journal: the service's answers that arrived while the disk was too full
 * to record them. It holds only what the journal itself would store (answers pass through the same
 * redaction), never a key or a signature, and is sealed with the journal's chain key
 * (held-answers-seal.ts), since it settles rows when the journal opens.
 */
const Answers = z.array(z.object({ journalId: z.number().int().positive(), input: SettleInputSchema }));

export const sideFileOf = (journalFile: string) => `${journalFile}.answers.json`;

/** What was found beside the journal: the answers to record, and whether a refused file lies there. */
export interface ReadHeldAnswers {
  answers: HeldAnswer[];
  /** A file this desk did not seal: not applied, and left where it is for a person to look at. */
  refused: boolean;
}

/**
 * The answers a previous run could not record. A file not sealed with the journal key is refused (not
 * applied, left in place, and said so on every start until a person deals with it); an unreadable one
 * is reported and moved aside (never trusted, never overwritten), so a person can still read it.
 */
export function readHeldAnswers(file: string, key: Buffer, log: (line: string) => void): ReadHeldAnswers {
  if (!existsSync(file)) return { answers: [], refused: false };
  const opened = openHeldAnswers(key, readFileSync(file, 'utf8'));
  if (opened.kind === 'refused') {
    log(
      `journal: the side file of unrecorded answers (${file}) was refused: ${opened.reason}. ` +
        'None of its answers were applied; it was left in place for a person to check (it may have been planted or edited).',
    );
    return { answers: [], refused: true };
  }
  try {
    if (opened.kind === 'unreadable') throw new Error(opened.reason);
    return { answers: Answers.parse(JSON.parse(opened.content)) as HeldAnswer[], refused: false };
  } catch (error) {
    const aside = `${file}.unreadable-${Date.now()}`;
    renameSync(file, aside);
    log(`journal: the side file of unrecorded answers cannot be read (${String(error)}); moved to ${aside}`);
    return { answers: [], refused: false };
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
  { key, refusedInPlace = false }: { key: Buffer; refusedInPlace?: boolean },
): PendingAnswers {
  const answers = new Map<number, HeldAnswer>();
  let flushing: Promise<number[]> = Promise.resolve([]);
  let refused = refusedInPlace;

  function persist(): boolean {
    try {
      // A refused file is a person's to read: this desk's own answers never overwrite or delete it.
      if (refused && existsSync(file)) {
        const aside = `${file}.refused-${Date.now()}`;
        renameSync(file, aside);
        refused = false;
        log(`journal: the refused side file of answers was moved to ${aside}, to keep answers held now`);
      }
      if (answers.size === 0) rmSync(file, { force: true });
      else {
        const stored = [...answers.values()].map(({ journalId, input }) => ({
          journalId,
          input: { ...input, response: JSON.parse(toStoredJson(input.response) ?? 'null') as unknown },
        }));
        writeFileAtomic(file, sealHeldAnswers(key, JSON.stringify(stored)));
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
export async function openWithHeldAnswers<J extends JournalStore>(
  journalFile: string,
  open: (held: HeldAnswer[]) => Promise<J>,
  log: (line: string) => void,
  /** The journal's chain key (JournalChain.key): it seals the side file. */
  key: Buffer,
): Promise<{ journal: J; pending: PendingAnswers }> {
  const file = sideFileOf(journalFile);
  const { answers: held, refused } = readHeldAnswers(file, key, log);
  let journal: J;
  try {
    journal = await open(held);
  } catch (error) {
    if (!(error instanceof DamagedFileError) || !existsSync(file)) throw error;
    throw new DamagedFileError(error.file, error.what, error.reason, {
      cause: error.cause,
      companions: [...error.companions, file],
    });
  }
  // A read-only journal (newer than this app) recorded none of them: they stay for the app that can.
  if (held.length > 0 && !journal.readOnly) {
    rmSync(file, { force: true });
    log(`journal: ${held.length} answer(s) kept while the disk was full are now recorded`);
  }
  return { journal, pending: createPendingAnswers(file, journal, log, { key, refusedInPlace: refused }) };
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
