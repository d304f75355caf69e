import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
// window.merchant's answers as the contract types them (main answers by it; the renderer checks).
import type { MerchantApi } from '@renderer/lib/merchant-api';

/** Nothing listens on port 9 of this computer: a live profile here is "unreachable", fast and offline. */
export const UNREACHABLE = 'https://127.0.0.1:9';

/**
 * Adds a live profile through the same bridge the Settings screen uses (for specs that are not about
 * the form) and returns its id. Activates it when asked.
 *
 * Its merchant ID is new each call: a profile's id names its merchant account, and the
 * test host's journal outlives the specs, so the same merchant ID added again would bring back what
 * an earlier spec recorded for it.
 */
export async function addLiveProfile(
  page: Page,
  options: { name: string; key: string; activate?: boolean; baseUrl?: string },
): Promise<string> {
  return page.evaluate(
    async ({ name, key, activate, baseUrl, merchantId }) => {
      const api = (window as unknown as { merchant: MerchantApi }).merchant;
      const created = await api.profiles.create({
        name,
        environment: 'live',
        baseUrl,
        merchantId,
      });
      if (!created.ok) throw new Error(created.error.message);
      const stored = await api.secrets.set({ profileId: created.data.id, apiKey: key });
      if (!stored.ok) throw new Error(stored.error.message);
      if (activate) {
        const switched = await api.profiles.activate({ id: created.data.id });
        if (!switched.ok) throw new Error(switched.error.message);
      }
      return created.data.id;
    },
    {
      name: options.name,
      key: options.key,
      activate: options.activate ?? false,
      baseUrl: options.baseUrl ?? UNREACHABLE,
      merchantId: `acme-${randomBytes(4).toString('hex')}`,
    },
  );
}

/**
 * Back to a first-run state: the test host lives as long as the worker, so a spec that leaves a live
 * profile active would change what the next spec (any owner's) starts with.
 */
export async function resetProfiles(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const api = (window as unknown as { merchant: MerchantApi }).merchant;
    await api.profiles.activate({ id: 'sandbox' });
    const list = await api.profiles.list();
    if (!list.ok) return;
    for (const p of list.data.profiles) if (p.id !== 'sandbox') await api.profiles.remove({ id: p.id });
  });
}
