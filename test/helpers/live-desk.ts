import { startAppHarness, type AppHarness } from './app-harness';

/** The live service as the desk addresses it; the test's network hands its requests to the sandbox. */
export const LIVE = 'https://api.live-merchant.example';
export const LIVE_KEY = 'acme-live-key-0123456789';

export interface LiveDesk {
  app: AppHarness;
  /** Every request that reached "the live service". */
  liveRequests: string[];
  /** Adds the live profile "Acme live" (merchant acme at LIVE, its key stored) and makes it active. */
  activateLive(): Promise<{ id: string }>;
}

/**
 * A desk whose "live" merchant is the test's own sandbox behind a live-looking address, with 500 USDT
 * on TRON and withdrawals allowed: what main confirms for real money can be driven end to end.
 */
export async function startLiveDesk(): Promise<LiveDesk> {
  const liveRequests: string[] = [];
  const late: { sandboxUrl?: string } = {};
  const app = await startAppHarness({
    fetch: async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.startsWith(LIVE)) liveRequests.push(url);
      return fetch(url.replace(LIVE, late.sandboxUrl!), init);
    },
  });
  late.sandboxUrl = app.sandbox.url;
  app.sandbox.control.addMerchant({
    id: 'acme',
    apiKey: LIVE_KEY,
    allowWithdrawals: true,
    balances: { 'usdt:tron': '500' },
  });
  const activateLive = async () => {
    const live = await app.ok('profiles:create', {
      name: 'Acme live',
      environment: 'live',
      baseUrl: LIVE,
      merchantId: 'acme',
    });
    await app.ok('secrets:set', { profileId: live.id, apiKey: LIVE_KEY });
    await app.ok('profiles:activate', { id: live.id });
    return live;
  };
  return { app, liveRequests, activateLive };
}
