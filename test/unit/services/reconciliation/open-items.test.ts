import { describe, expect, it } from 'vitest';
import { useReconDesk } from './recon-desk';

// Two deliveries about one invoice made outside the desk, neither with an amount the desk can count.
const delivery = (id: string, eventId: string, createdAt: string) => ({
  id,
  rawBody: JSON.stringify({
    event: 'invoice.created',
    event_id: eventId,
    created_at: createdAt,
    data: { code: 'INVX', order_id: 'order-77' },
  }),
});
const { desk, view, make } = useReconDesk({
  start: '2026-11-01T00:00:00.000Z',
  balance: '10',
  parked: () => [
    delivery('d1', 'evt_1', '2026-11-01T02:00:00Z'),
    delivery('d2', 'evt_2', '2026-11-01T03:00:00Z'),
  ],
});

describe('reconciliation open items: told apart, acknowledged one at a time', () => {
  it('shows order ID, event ID and time on each item, and acknowledging one leaves the other open', async () => {
    const recon = make();
    await recon.recordBalances('sandbox', view());
    desk.clock = new Date('2026-11-01T05:00:00.000Z');
    const session = await recon.start({
      profileId: 'sandbox',
      environment: 'sandbox',
      from: '2026-11-01T00:00:00.000Z',
      to: desk.clock.toISOString(),
    });
    const outside = session.items.filter((i) => i.kind === 'outside-activity');
    expect(outside).toHaveLength(2);
    expect(new Set(outside.map((i) => i.key)).size).toBe(2);
    expect(outside.map((i) => i.ref)).toEqual([
      { orderId: 'order-77', eventId: 'evt_1', at: '2026-11-01T02:00:00.000Z' },
      { orderId: 'order-77', eventId: 'evt_2', at: '2026-11-01T03:00:00.000Z' },
    ]);

    const after = await recon.review(session.id, outside[0]!.key, 'our test invoice from the portal', 'Dana');
    const [first, second] = after.items.filter((i) => i.kind === 'outside-activity');
    expect(first).toMatchObject({ blocking: false, review: { by: 'Dana' } });
    expect(second).toMatchObject({ blocking: true, review: null, ref: { eventId: 'evt_2' } });
    expect(after.exceptions).toHaveLength(1);
  });
});
