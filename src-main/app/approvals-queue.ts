import type { ApprovalQueueItem } from '@contract';
import type { DeskConnection } from '../storage/pg/desk-connection';
import type { AddressBookEntry, ApprovalState, ApprovalsStore } from '../storage/port/approvals';

interface EntryFacts {
  id: string;
  environment: 'sandbox' | 'live';
  profile_id: string;
  coin: string | null;
  network: string | null;
  amount: string | null;
  to_address: string | null;
  created_at: string;
}

const bookKey = (coin: string, network: string, address: string) =>
  `${coin.toLowerCase()}\n${network.toLowerCase()}\n${address}`;

/** The team book's name for a destination; null: a new address. */
export function bookNameOf(
  book: readonly Pick<AddressBookEntry, 'coin' | 'network' | 'address' | 'label' | 'approvedBy'>[],
  to: { coin: string; network: string; to_address: string },
): string | null {
  const key = bookKey(to.coin, to.network, to.to_address);
  // Only approved entries name an address: a proposal is not a book address yet (the policy agrees).
  return (
    book.find((b) => b.approvedBy !== null && bookKey(b.coin, b.network, b.address) === key)?.label ?? null
  );
}

function ruleWords(state: ApprovalState): string | null {
  const decision = state.decision;
  if (!decision) return null;
  if (decision.rule === null) return 'no rule matched';
  return `rule ${decision.rule}${decision.name ? `, ${decision.name}` : ''}`;
}

/**
 * Whether this login holds any of these groups directly (md.team_people's roles: its level and its
 * extra roles), for what a screen offers; the database decides anyway.
 */
async function holdsAnyRole(db: Pick<DeskConnection, 'query'>, roles: readonly string[]): Promise<boolean> {
  const rows = await db.query<{ holds: boolean }>(
    `SELECT roles && $1::text[] AS holds FROM md.team_people WHERE person = session_user`,
    [roles],
  );
  return rows[0]?.holds === true;
}

export const isApprover = (db: Pick<DeskConnection, 'query'>) => holdsAnyRole(db, ['approver']);

/** An auditor or an admin: those md.audit_trail may be run by. */
export const mayReadAuditTrail = (db: Pick<DeskConnection, 'query'>) =>
  holdsAnyRole(db, ['auditor', 'admin']);

/**
 * What waits for approval, each withdrawal with the facts a person approves on: its pair, amount and
 * full address as the ledger derived them from the body, the team book's name for the address, and
 * the approvals so far. `person` is this desk's login: what it prepared is marked as its own.
 */
export async function readApprovalQueue(
  approvals: ApprovalsStore,
  db: Pick<DeskConnection, 'query'>,
  person: string,
): Promise<ApprovalQueueItem[]> {
  return queueItems(await approvals.queue(), approvals, db, person);
}

/** These withdrawals' approval states as the queue shows them (the facts read from the ledger). */
export async function queueItems(
  states: ApprovalState[],
  approvals: Pick<ApprovalsStore, 'addressBook'>,
  db: Pick<DeskConnection, 'query'>,
  person: string,
): Promise<ApprovalQueueItem[]> {
  if (states.length === 0) return [];
  const [rows, book] = await Promise.all([
    db.query<EntryFacts>(
      `SELECT id::text AS id, environment, profile_id, coin, network, amount, to_address, created_at
         FROM md.entries WHERE id = ANY($1::bigint[])`,
      [states.map((s) => String(s.entryId))],
    ),
    approvals.addressBook(),
  ]);
  const facts = new Map(rows.map((r) => [Number(r.id), r]));
  return states.flatMap((state): ApprovalQueueItem[] => {
    const entry = facts.get(state.entryId);
    // An intent without a derived pair or address cannot be judged here: it is left out, not guessed.
    if (!entry?.coin || !entry.network || !entry.amount || !entry.to_address) return [];
    return [
      {
        id: String(state.entryId),
        revision: state.revision,
        preparedBy: state.preparedBy,
        preparedAt: entry.created_at,
        submitted: state.submitted,
        environment: entry.environment,
        profileId: entry.profile_id,
        coin: entry.coin,
        network: entry.network,
        amount: entry.amount,
        usd: state.decision?.facts.usd ?? null,
        address: entry.to_address,
        addressName: bookNameOf(book, {
          coin: entry.coin,
          network: entry.network,
          to_address: entry.to_address,
        }),
        approvals: state.approvals.map(({ person: who, desk, at }) => ({ person: who, desk, at })),
        counted: state.counted,
        required: state.required,
        groups: state.decision?.groups ?? [],
        rule: ruleWords(state),
        mine: state.preparedBy.includes(person),
      },
    ];
  });
}

/**
 * The withdrawals this person may act on now: an approver's, not prepared or changed by them, and not
 * yet approved by them at this revision. The ledger still decides (groups among it) when they approve.
 */
export function waitingFor(items: readonly ApprovalQueueItem[], person: string, canApprove: boolean) {
  if (!canApprove) return [];
  // An approved one waiting for a treasury desk (`sendable`) needs no approval from anyone.
  return items.filter((i) => !i.sendable && !i.mine && !i.approvals.some((a) => a.person === person));
}
