import { expect } from 'vitest';
import type { FaultSpec } from '@main/sandbox/faults';
import type { AppHarness } from '@test/helpers/app-harness';
import type { DrillRow } from './drill-table';
import { entryOf, sawWords, type Sent, type WriteOperation } from './write-operations';

/** One drill of one write: what is injected, and what must come of it. */
export interface WriteDrill {
  drill: string;
  fault?: FaultSpec;
  /** Sets the scene instead of (or besides) a fault; returns a function that undoes it. */
  arrange?: (app: AppHarness) => void | (() => void);
  outcome: 'accepted' | 'rejected' | 'unknown' | 'refused-before-sending';
  /** Whether the sandbox performed the write (its own record, not the client's belief). */
  made: boolean;
  /** The plain words the person must see. */
  words: RegExp;
  /** The write lands later (latency): wait for the sandbox to perform it before counting. */
  landsLate?: boolean;
}

/** Gives the demo merchant enough play money for every withdrawal drill of a file. */
export async function fundDemoMerchant(app: AppHarness): Promise<void> {
  const profile = (await app.ok('profiles:list')).profiles.find((p) => p.id === 'sandbox');
  app.sandbox.control.creditBalance(profile!.merchantId, 'usdt', 'tron', '100000');
}

/**
 * Runs one drill through the app and checks the four things issue 13 asks: the words, no repeat, the
 * journal state, and that the evidence resolves an unknown entry. Returns the table row.
 */
export async function runWriteDrill(
  app: AppHarness,
  op: WriteOperation,
  drill: WriteDrill,
  send: () => Promise<Sent> = () => op.send(app),
): Promise<DrillRow> {
  app.sandbox.control.clearFaults();
  const undo = drill.arrange?.(app);
  if (drill.fault) app.sandbox.control.injectFault(op.route, drill.fault, 1);
  let sent: Sent;
  try {
    sent = await send();
  } finally {
    app.sandbox.control.clearFaults();
    if (typeof undo === 'function') undo();
  }
  const { result, before } = sent;
  const saw = sawWords(result);
  expect(saw).toMatch(drill.words);
  if (drill.landsLate) await expect.poll(() => op.performed(app), { timeout: 20_000 }).toBe(before + 1);
  const performed = op.performed(app) - before;
  expect(performed, 'what the sandbox performed').toBe(drill.made ? 1 : 0);

  if (!result.ok) {
    expect(drill.outcome).toBe('refused-before-sending');
    return row(drill, op, saw, 'no entry (nothing sent)', performed, drill.made ? 1 : 0, '—');
  }
  expect(result.data.outcome).toBe(drill.outcome);
  const entry = await entryOf(app, result.data.journalId);
  const journalState = entry.state;
  expect(journalState).toBe(drill.outcome);
  const kept = journalState === 'accepted' || journalState === 'unknown';
  const lost = drill.made && !kept ? 1 : 0;
  if (journalState !== 'unknown') return row(drill, op, saw, journalState, performed, lost, '—');

  const resolution = await op.resolve(app, sent, drill.made);
  expect(resolution.state).toBe(drill.made ? 'resolved-performed' : 'resolved-not-performed');
  // The evidence never repeats the write: an invoice re-submission creates one only if none existed.
  const afterEvidence = op.performed(app) - before;
  const createsOnCheck = op.route === 'createInvoice';
  expect(afterEvidence, 'performed after the evidence').toBe(drill.made || createsOnCheck ? 1 : 0);
  return row(drill, op, saw, `unknown → ${resolution.state}`, afterEvidence, lost, resolution.by);
}

function row(
  drill: WriteDrill,
  op: WriteOperation,
  saw: string,
  journal: string,
  /** How many times the sandbox performed it in all (more than once is a repeat). */
  performed: number,
  lost: number,
  resolvedBy: string,
): DrillRow {
  return {
    drill: drill.drill,
    operation: op.label,
    saw,
    journal,
    repeated: Math.max(0, performed - 1),
    lost,
    resolvedBy,
  };
}
