import { AppError } from '@shared/errors';
import type { ApiClient } from '../api/client';

/**
 * Refuses a withdrawal before anything is recorded when this computer's clock is far off the
 * service's. The 300-second window is checked by the service; a clock far off would fail there (at
 * best) or land in the unknown pile (at worst). Measure first, refuse early, say how to fix it. A
 * measurement that says "off" is measured again before refusing: it may date from before the person
 * put the clock right, as the refusal asks them to (then "try again" must work).
 */
export async function refuseSkewedClock(client: Pick<ApiClient, 'getClockSkew' | 'getCoinRates'>) {
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
}
