// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OpenItem } from '@shared/domain/reconciliation';
import { OpenItems } from '@renderer/features/reconcile/OpenItems';

afterEach(cleanup);

const item = (key: string, eventId: string, at: string): OpenItem => ({
  key,
  kind: 'outside-activity',
  title: 'Verified webhook with no journal entry (invoice.created)',
  detail: 'It matches no request this desk made, and carries no amount the desk can count.',
  entryId: null,
  ref: { orderId: 'order-77', eventId, at },
  review: null,
  blocking: true,
});

describe('reconcile: open items can be told apart', () => {
  it('shows the order ID, event ID and time on each of two alike items', () => {
    render(
      <OpenItems
        items={[
          item('delivery:d1', 'evt_1', '2026-11-01T02:00:00.000Z'),
          item('delivery:d2', 'evt_2', '2026-11-01T03:00:00.000Z'),
        ]}
        open={false}
      />,
    );
    const refs = screen.getAllByTestId('recon-item-ref').map((p) => p.textContent ?? '');
    expect(refs).toHaveLength(2);
    expect(refs[0]).toContain('Order ID order-77');
    expect(refs[0]).toContain('Event ID evt_1');
    expect(refs[1]).toContain('Event ID evt_2');
    expect(refs[0]).not.toEqual(refs[1]);
  });
});
