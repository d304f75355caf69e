import { EMBEDDED_BASE_URL } from '@shared/domain/profile';
import { AppError } from '@shared/errors';
import { requireConfirmation, type Confirmer } from '../confirm/confirmer';
import { withdrawalConfirmation } from '../confirm/requests';
import type { JournaledWriter, WriteScope } from '../journaled-write';
import type { Disposer } from '../lifecycle';
import { handleAll, type ChannelRegistry } from './channels';

export interface WithdrawalsModuleDeps {
  scope: () => WriteScope;
  write: JournaledWriter;
  /** Main's own confirmation window: the page's confirmation is a courtesy, this one decides. */
  confirm: Confirmer;
  /** A network's display name from the active profile's catalog, when known. */
  networkName: (coin: string, network: string) => string | null;
}

export function registerWithdrawals(router: ChannelRegistry, deps: WithdrawalsModuleDeps): Disposer {
  return handleAll(router, {
    'withdrawals:create': async ({ override, ...body }) => {
      const scope = deps.scope();
      const { client } = scope.session;
      // The 300-second window is checked by the service; a clock far off would fail there (at best)
      // or land in the unknown pile (at worst). Measure first, refuse early, say how to fix it.
      // A measurement that says "off" is measured again before refusing: it may date from before the
      // person put the clock right, as the refusal asks them to (then "try again" must work).
      if (!client.getClockSkew() || client.getClockSkew()?.breaksWindow)
        await client.getCoinRates().catch(() => undefined);
      const skew = client.getClockSkew();
      if (skew?.breaksWindow) {
        const minutes = Math.round(Math.abs(skew.offsetMs) / 60_000);
        throw new AppError(
          'clock-skew',
          `This computer's clock is about ${minutes} minutes off the service's. Withdrawals are signed with the time and would be refused. Turn on automatic date and time in your system settings, then try again.`,
        );
      }
      // Real money (any service but the built-in Sandbox: a profile's "sandbox" label is the page's
      // word) and every override of the duplicate guard are decided here, where no script can click.
      const { profile } = scope.session;
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
    },
  });
}
