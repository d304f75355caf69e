import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '@contract';
import { useWebhooksStore } from '@renderer/features/webhooks/webhooks-store';
import { installFakeMerchant, removeFakeMerchant } from './fake-merchant';

const initial = useWebhooksStore.getState();
const STATUS = { faults: [], duplicateWebhooks: false, clock: '2026-11-22T08:00:00.000Z', aheadMs: 0 };
const testDelivery = (): WebhookDelivery => ({
  id: 'rt1',
  receivedAt: new Date().toISOString(),
  source: 'receiver',
  verified: true,
  duplicate: false,
  event: 'test.webhook',
  appliedTo: null,
  note: 'Recorded; this event does not change the journal.',
  rejection: null,
});

beforeEach(() => useWebhooksStore.setState(initial, true));
afterEach(removeFakeMerchant);

describe('the Sandbox round trip', () => {
  it('waits for a delivery whose event arrives after main answered', async () => {
    const arrived = testDelivery();
    const fake = installFakeMerchant({
      'sandbox.act': () => {
        // The answer (HTTP in the test host) can overtake the event (its own stream).
        setTimeout(() => fake.emit('webhook:received', arrived), 30);
        return {
          ok: true,
          data: { message: 'Test webhook sent (1 delivery); see it under Webhooks.', status: STATUS },
        };
      },
    });
    await useWebhooksStore.getState().sendTest();
    const { roundTrip, deliveries, testing } = useWebhooksStore.getState();
    expect(testing).toBe(false);
    expect(roundTrip).toEqual({
      ok: true,
      data: { message: 'Test webhook sent (1 delivery); see it under Webhooks.', delivery: arrived },
    });
    expect(deliveries?.map((d) => d.id)).toEqual(['rt1']);
  });

  it('a refusal (another profile) is shown as such and nothing waits', async () => {
    installFakeMerchant({
      'sandbox.act': () => ({ ok: false, error: { kind: 'sandbox-only', message: 'Sandbox only.' } }),
    });
    const started = Date.now();
    await useWebhooksStore.getState().sendTest();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(useWebhooksStore.getState().roundTrip).toEqual({
      ok: false,
      error: { kind: 'sandbox-only', message: 'Sandbox only.' },
    });
  });
});
