import type { RatesSnapshot, SubmittedWithdrawal, WithdrawalPath } from '@contract';
import { AppError } from '@shared/errors';
import type { WithdrawalBody } from '@shared/domain/operations';
import type { WithdrawalGuard } from '../services/withdrawal-guard';
import type { DeskConnection } from '../storage/pg/desk-connection';
import type { ApprovalsStore } from '../storage/port/approvals';
import { bookNameOf } from './approvals-queue';
import { mayPrepare } from './may-prepare';
import { requireConfirmation, type Confirmer } from './confirm/confirmer';
import { outlookWords, submitConfirmation, type SubmitOutlook } from './confirm/submit-requests';
import type { ProfileScope } from './profile-scope';
import { withdrawalFees } from './withdrawal-fees';

/** What the submitting desk needs of the team's session. */
export interface SubmitSession {
  pool: Pick<DeskConnection, 'query'>;
  /** This person's level on the team as last read (null: not known; the ledger still decides). */
  role?: 'viewer' | 'operator' | 'admin' | null;
  approvals: Pick<ApprovalsStore, 'draftWithdrawal' | 'submit' | 'addressBook' | 'publishedPolicy'>;
}

export type SubmitScope = Pick<ProfileScope, 'profile' | 'rates' | 'read'>;

/** A coin's USD price from main's rates feed; null when the feed is stale or does not price it. */
export function usdRateOf(rates: Pick<RatesSnapshot, 'rows' | 'stale'>, coin: string): string | null {
  if (rates.stale) return null;
  return rates.rows.find((r) => r.symbol.toLowerCase() === coin.toLowerCase())?.usdPrice ?? null;
}

/** What the published policy would decide for this withdrawal now (md.submit_outlook); null: none is published. */
export async function readSubmitOutlook(
  db: Pick<DeskConnection, 'query'>,
  input: { profileId: string; environment: 'sandbox' | 'live'; body: WithdrawalBody; usdRate: string | null },
): Promise<SubmitOutlook | null> {
  const [row] = await db.query<{ outlook: SubmitOutlook | null }>(
    'SELECT md.submit_outlook($1, $2, $3, $4) AS outlook',
    [input.profileId, input.environment, JSON.stringify(input.body), input.usdRate],
  );
  return row?.outlook ?? null;
}

const NO_POLICY =
  'No approval policy is published yet: withdrawals are sent from the Withdrawals screen as on a desk alone until an admin publishes one.';

/**
 * Which way the Withdrawals screen ends. On a desk alone, or on a team with no published policy, a
 * withdrawal is sent as it always was; once a policy is published the ledger refuses an ordinary send,
 * so the same form submits it for approval instead. A viewer, who may do neither, is not offered the form.
 */
export async function withdrawalPath(session: SubmitSession | null): Promise<WithdrawalPath> {
  // Spares a viewer a form the ledger would refuse (begin_entry and draft_withdrawal are an operator's).
  const refused = session ? mayPrepare(session.role ?? null, 'withdrawals') : null;
  if (refused) return { path: 'not-allowed', words: refused };
  const policy = session ? await session.approvals.publishedPolicy() : null;
  if (!policy) return { path: 'send' };
  return {
    path: 'approval',
    policyVersion: policy.version,
    words:
      'This team approves withdrawals: nothing is sent from here. The withdrawal is submitted to the team’s ledger, waits for the approvals its policy requires, and a treasury desk sends it.',
  };
}

/**
 * Submits a withdrawal for the team's approval: this desk's own rules (Settings: address book only,
 * per-asset limits) refuse it first in a direct send's words, then what the published policy would
 * require is read, a blocked one is refused before anything is recorded, and main's own window says
 * that nothing is sent now and what the policy requires. Then it is drafted and submitted; the ledger
 * decides again at submission, and its decision is the one that counts.
 */
export async function submitForApproval(
  session: SubmitSession,
  scope: SubmitScope,
  confirm: Confirmer,
  withdrawal: WithdrawalBody & { override?: { reason: string } | undefined },
  guard: Pick<WithdrawalGuard, 'check'>,
): Promise<SubmittedWithdrawal> {
  const { profile } = scope;
  const { override, ...body } = withdrawal;
  await guard.check(profile.id, body);
  const usdRate = usdRateOf(scope.rates.snapshot(), body.coin);
  const outlook = await readSubmitOutlook(session.pool, {
    profileId: profile.id,
    environment: profile.environment,
    body,
    usdRate,
  });
  if (!outlook) throw new AppError('unavailable', NO_POLICY);
  if (outlook.action === 'block')
    throw new AppError(
      'auth',
      `The team’s policy ${outlookWords(outlook)}: the withdrawal was not submitted. Change the amount or the address, or ask an admin about the policy.`,
    );
  const [book, fees] = await Promise.all([session.approvals.addressBook(), withdrawalFees(scope, body)]);
  await requireConfirmation(
    confirm,
    submitConfirmation(
      body,
      {
        profileName: profile.name,
        merchantId: profile.merchantId,
        environment: profile.environment,
        networkName:
          scope.rates
            .snapshot()
            .rows.flatMap((r) => r.pairs)
            .find((p) => p.coin === body.coin && p.network === body.network)?.networkName ?? null,
        fees,
        bookName: bookNameOf(book, body),
      },
      outlook,
    ),
  );
  const id = await session.approvals.draftWithdrawal({
    profileId: profile.id,
    environment: profile.environment,
    requestBody: body,
    ...(override ? { override } : {}),
  });
  const status = await session.approvals.submit(id, 1, usdRate);
  return { id: String(id), status };
}
