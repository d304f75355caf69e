import type { Database } from 'better-sqlite3';
import { appendEvent, chainHead, sealChain } from './chain';
import { CHAIN_VERSION } from './chain-rules';
import type { JournalChain } from '../chain-seal';

/**
 * The key of a journal opened without the keychain (unit tests, helper processes). Such a journal is
 * checked like any other but sealed by nothing secret; the app always opens with the keychain's key.
 */
const UNSEALED_KEY = Buffer.from('merchant-desk journal opened without a keychain key');

export interface OpenedChain {
  /** What the check against the keychain found at open, in words; null when all was as recorded. */
  readonly problem: string | null;
  /** Records the chain's new head in the keychain (not after a problem: the evidence is kept). */
  afterWrite(): void;
}

/** The number of events at the start of the chain that follow the old, unsealed rule. */
function leadingLegacy(db: Database, count: number): number {
  const first = db
    .prepare(
      `SELECT min(seq) AS seq FROM events WHERE (CASE WHEN json_valid(content) THEN json_extract(content, '$.v') END) = ?`,
    )
    .get(CHAIN_VERSION) as { seq: number | null };
  return first.seq === null ? count : first.seq - 1;
}

function anchorProblem(db: Database, chain: JournalChain, count: number, legacy: number): string | null {
  const { anchor } = chain;
  // A fresh start the person chose: an empty journal where the old one stood is what was asked for.
  if (chain.freshStart && count === 0) return null;
  const sealedBefore = count > legacy;
  if (chain.keyCreated && sealedBefore)
    return 'The key that sealed this journal is no longer in the system keychain, so its history cannot be confirmed.';
  if (!anchor) {
    if (sealedBefore)
      return "The system keychain holds no record of this journal's last state although the journal was sealed before; entries removed from its end could not be noticed.";
    // The key was already in the keychain, so this desk has sealed a journal: one that now holds only
    // events in the old unkeyed rule (anyone can compute those) was rewritten, or is not this desk's.
    if (!chain.keyCreated && count > 0)
      return "The journal holds only events in the old unsealed form, yet this desk's keychain already held its sealing key and has no record of the journal's last state: it was rewritten outside the app, or comes from elsewhere.";
    return null;
  }
  if (count < anchor.count)
    return `The journal has ${count} events, but this desk last recorded ${anchor.count}: the newest ${anchor.count - count} were deleted, or an older copy of the journal was put back.`;
  const at = db.prepare('SELECT hash FROM events WHERE seq = ?').get(anchor.count) as
    { hash: string } | undefined;
  if (anchor.count > 0 && at?.hash !== anchor.head)
    return `Event ${anchor.count} is not the one this desk last recorded: the journal was replaced by another copy, or an older copy was put back and written to since.`;
  return null;
}

/**
 * Seals the open connection's chain with the keychain's key and checks the journal against the head
 * the keychain remembers. Call after the migrations and before anything appends an event.
 *
 * Journals from before the seal: their events (v1) are accepted as the chain's prefix, checked with
 * the old rule every time, and the new events (v2) chain on from that prefix's head, so the prefix
 * cannot be rewritten without breaking the first sealed event. How long the prefix is comes from the
 * keychain once recorded (the first open by this version records it), never from the database alone.
 */
export function openChain(
  db: Database,
  chain: JournalChain | undefined,
  now: () => string,
  // A journal open read-only (newer than this app): checked, but nothing appended nor recorded.
  { readOnly = false }: { readOnly?: boolean } = {},
): OpenedChain {
  const { count } = chainHead(db);
  const fresh = chain?.freshStart === true && count === 0;
  const legacy = fresh ? 0 : (chain?.anchor?.legacy ?? leadingLegacy(db, count));
  sealChain(db, { key: chain?.key ?? UNSEALED_KEY, legacyLimit: legacy });
  const problem = chain ? anchorProblem(db, chain, count, legacy) : null;
  // A journal of old events only: its first sealed event is written now, naming the rule and the
  // length of the old prefix, and chaining on from its head. From here on the chain itself says it
  // was sealed, so rewriting it back into the old rule cannot pass for a journal never sealed.
  if (readOnly) return { problem, afterWrite() {} };
  if (fresh && chain.anchor)
    db.transaction(() =>
      appendEvent(db, null, 'chain-fresh-start', now(), {
        previousEvents: chain.anchor!.count,
        previousHead: chain.anchor!.head,
      }),
    ).immediate();
  else if (chain && !problem && count > 0 && legacy === count)
    db.transaction(() =>
      appendEvent(db, null, 'chain-sealed', now(), { rule: CHAIN_VERSION, legacyEvents: legacy }),
    ).immediate();
  const opened: OpenedChain = {
    problem,
    afterWrite() {
      if (chain && !problem) chain.saveAnchor({ ...chainHead(db), legacy });
    },
  };
  opened.afterWrite();
  return opened;
}
