import type { Handler } from '../../ipc/router';
import { EMBEDDED_BASE_URL } from '@shared/domain/profile';
import { requireConfirmation, type Confirmer } from '../confirm/confirmer';
import { withdrawalConfirmation } from '../confirm/requests';
import type { WithdrawalGuard } from '../../services/withdrawal-guard';
import type { JournaledWriter, WriteScope } from '../journaled-write';
import type { ProfileScope } from '../profile-scope';
import { refuseSkewedClock } from '../clock-check';
import { withdrawalFees } from '../withdrawal-fees';
import type { Disposer } from '../lifecycle';
import { handleAll, type ChannelRegistry } from './channels';

type CreateWithdrawalRequest = Parameters<Handler<'withdrawals:create'>>[0];

export interface WithdrawalsModuleDeps {
  scope: () => WriteScope & Pick<ProfileScope, 'read' | 'rates'>;
  write: JournaledWriter;
  /** Main's own confirmation window: the page's confirmation is a courtesy, this one decides. */
  confirm: Confirmer;
  /** A network's display name from the active profile's catalog, when known. */
  networkName: (coin: string, network: string) => string | null;
  /** The desk's own rules (address book only, limits), checked before the window and the journal. */
  guard: WithdrawalGuard;
}

export function registerWithdrawals(router: ChannelRegistry, deps: WithdrawalsModuleDeps): Disposer {
  // One withdrawal at a time from check to answer: two sent together must not both pass a daily
  // limit that only one of them fits (each counts the other only once it is journaled).
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(run: () => Promise<T>): Promise<T> => {
    const next = queue.then(run, run);
    queue = next.catch(() => undefined);
    return next;
  };
  return handleAll(router, {
    'withdrawals:create': (request) => oneAtATime(() => create(request)),
  });

  async function create({ override, ...body }: CreateWithdrawalRequest) {
    const scope = deps.scope();
    await refuseSkewedClock(scope.session.client);
    const { profile } = scope.session;
    // The book and the limits first: a refusal then costs the person no confirmation.
    const { bookEntry } = await deps.guard.check(profile.id, body);
    // Real money (any service but the built-in Sandbox: a profile's "sandbox" label is the page's
    // word) and every override of the duplicate guard are decided here, where no script can click.
    const live = profile.baseUrl !== EMBEDDED_BASE_URL;
    if (override || live) {
      await requireConfirmation(deps.confirm, {
        ...withdrawalConfirmation(
          body,
          {
            profileName: profile.name,
            baseUrl: profile.baseUrl,
            merchantId: profile.merchantId,
            networkName: deps.networkName(body.coin, body.network),
            fees: await withdrawalFees(scope, body),
            bookName: bookEntry?.name ?? null,
          },
          override,
        ),
        // Real money: who is at the desk is checked too, after the dialog (confirmer.ts).
        ...(live ? { userCheck: 'send a live withdrawal' } : {}),
      });
    }
    // Bound to the scope taken above: a profile switch during the clock check means nothing is sent.
    return deps.write(scope, {
      request: { operation: 'createWithdrawal', body },
      ...(override ? { override } : {}),
      // No id in the answer: none is invented; the entry is matched by its webhook (journal-sink).
      externalIds: (data) =>
        data.withdrawal_id === undefined ? {} : { withdrawalId: String(data.withdrawal_id) },
    });
  }
}
