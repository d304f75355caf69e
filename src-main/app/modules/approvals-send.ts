import type { ApprovalQueueItem, WriteResult } from '@contract';
import { CreateWithdrawalInput, type WithdrawalBody } from '@shared/domain/operations';
import { AppError } from '@shared/errors';
import { readApprovedToSend } from '../approved-to-send';
import { refuseSkewedClock } from '../clock-check';
import { requireConfirmation, type Confirmer } from '../confirm/confirmer';
import { sendApprovedConfirmation } from '../confirm/send-approved';
import type { JournaledWriter, WriteScope } from '../journaled-write';
import type { Disposer } from '../lifecycle';
import type { ProfileScope } from '../profile-scope';
import type { WithdrawalGuard } from '../../services/withdrawal-guard';
import { withdrawalFees } from '../withdrawal-fees';
import { TEAM_ONLY } from './approvals';
import { approvalRefusal } from './team-refusals';
import { otherProfileWords, type ProfileFacts } from './approvals-send-profile';
import { handleAll, type ChannelRegistry } from './channels';
import type { TeamSession } from './team-session';

export interface ApprovalsSendDeps {
  session: () => TeamSession | null;
  confirm: Confirmer;
  scope: () => WriteScope & Pick<ProfileScope, 'read' | 'rates'>;
  write: JournaledWriter;
  /** A network's display name from the active profile's catalog, when known. */
  networkName: (coin: string, network: string) => string | null;
  /** This desk's profiles, to name the one a withdrawal was prepared for. */
  profiles?: () => ProfileFacts[];
  /** This desk's own withdrawal rules (Settings): they hold for approved money as for a direct send. */
  guard: Pick<WithdrawalGuard, 'check'>;
}

/**
 * The treasury desk's own rules (address book only, per-asset limits) for an approved withdrawal, in a
 * direct send's words (one rule: withdrawal-guard.ts), said before main asks anything and before the
 * claim: approvals do not lift a desk's limits, and a refused one stays approved for another desk.
 */
async function refuseOverDeskRules(
  guard: ApprovalsSendDeps['guard'],
  profileId: string,
  id: string,
  body: WithdrawalBody,
): Promise<void> {
  try {
    await guard.check(profileId, body);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // The form's field marks (a direct send's) mean nothing on the queue: the words alone are kept.
    throw new AppError(
      error.kind,
      `This desk’s own withdrawal rules refuse approved withdrawal #${id}: ${error.message} Nothing was claimed; it stays approved for a treasury desk whose rules allow it.`,
    );
  }
}

const notWaiting = (id: string) =>
  new AppError(
    'journal-not-found',
    `Withdrawal #${id} is not an approved withdrawal waiting to be sent: it may still wait for approval, have been rejected or changed, or a treasury desk sent it already. Refresh the queue.`,
  );

/**
 * The body the approvers saw at this revision, read with its revision in one statement. The claim
 * (md.claim_approved) refuses any other revision, and a body changes only with a new revision, so
 * what is sent is what was approved. The ledger's key fields must say the same as the body.
 */
async function approvedBody(session: TeamSession, item: ApprovalQueueItem): Promise<WithdrawalBody> {
  const [row] = await session.pool.query<{ request_body: string; revision: number }>(
    `SELECT e.request_body, a.revision FROM md.entries e JOIN md.approval_intents a ON a.entry_id = e.id
      WHERE e.id = $1`,
    [item.id],
  );
  if (!row || row.revision !== item.revision) throw notWaiting(item.id);
  let parsed;
  try {
    parsed = CreateWithdrawalInput.safeParse(JSON.parse(row.request_body));
  } catch {
    parsed = null;
  }
  const body = parsed?.success ? parsed.data : null;
  if (
    !body ||
    body.override !== undefined ||
    body.coin !== item.coin ||
    body.network !== item.network ||
    body.amount !== item.amount ||
    body.to_address !== item.address
  )
    throw new AppError(
      'journal-invalid',
      `Withdrawal #${item.id} as the ledger holds it is not a withdrawal this desk can send as approved (its body does not match its recorded pair, amount and address). Nothing was sent.`,
    );
  return { coin: body.coin, network: body.network, amount: body.amount, to_address: body.to_address };
}

/**
 * `approvals:send` (issue 28 item 4): a treasury desk sends an approved withdrawal. Main shows the
 * withdrawal as it read it from the ledger, then the one money path runs with the claim in place of
 * begin: claim (committed, state sending) → send the body signed once → settle. Never retried; an
 * unknown answer stays unknown. The database refuses, in words, a desk that is not a treasury desk,
 * a withdrawal not approved or approved at another revision, and one another desk already claimed.
 */
export function registerApprovalsSend(router: ChannelRegistry, deps: ApprovalsSendDeps): Disposer {
  return handleAll(router, {
    'approvals:send': async ({ id, revision }): Promise<WriteResult> => {
      const session = deps.session();
      if (!session) throw new AppError('unavailable', TEAM_ONLY);
      if (session.sync.state !== 'live')
        throw new AppError(
          'unavailable',
          'The team ledger is not reachable now: nothing is claimed or sent until it is back.',
        );
      const ready = await readApprovedToSend(
        session.approvals,
        session.pool,
        session.membership.connection.user,
        session.membership.deskId,
      );
      const item = ready.find((i) => i.id === id);
      if (!item) throw notWaiting(id);
      if (item.revision !== revision)
        throw new AppError(
          'journal-conflict',
          `Withdrawal #${id} was changed: it is at revision ${item.revision}, and you saw revision ${revision}. Review the new revision.`,
        );
      const scope = deps.scope();
      const { profile } = scope.session;
      // The entry is the profile's it was prepared for: its webhook and books are read there. A profile's
      // id names its merchant account (profile-account.ts), so the same account has the same id here.
      if (profile.id !== item.profileId || profile.environment !== item.environment)
        throw new AppError('profile-changed', otherProfileWords(id, item, profile, deps.profiles?.() ?? []));
      const body = await approvedBody(session, item);
      await refuseOverDeskRules(deps.guard, profile.id, id, body);
      // A clock the service would refuse is said before the claim: a refused send is final.
      await refuseSkewedClock(scope.session.client);
      await requireConfirmation(
        deps.confirm,
        sendApprovedConfirmation(item, body, {
          profileName: profile.name,
          baseUrl: profile.baseUrl,
          merchantId: profile.merchantId,
          networkName: deps.networkName(body.coin, body.network),
          fees: await withdrawalFees(scope, body),
          bookName: item.addressName,
        }),
      );
      return deps.write(scope, {
        request: { operation: 'createWithdrawal', body },
        // No id in the answer: none is invented; the entry is matched by its webhook (journal-sink).
        externalIds: (data) =>
          data.withdrawal_id === undefined ? {} : { withdrawalId: String(data.withdrawal_id) },
        claim: {
          journalId: Number(id),
          take: async () => {
            try {
              await session.approvals.claimApproved(Number(id), revision);
            } catch (error) {
              throw approvalRefusal(error);
            }
          },
        },
      });
    },
  });
}
