import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { invoiceBody, live, tempJournal, withdrawalBody } from '@test/helpers/journal';

let t: ReturnType<typeof tempJournal>;
beforeEach(() => {
  t = tempJournal();
});
afterEach(() => t.cleanup());

function acceptedWithdrawal(withdrawalId = 'w-1'): number {
  const id = t.journal.begin('createWithdrawal', { ...live, requestBody: withdrawalBody() });
  t.journal.settle(id, { outcome: 'accepted', externalIds: { withdrawalId } });
  return id;
}

describe('withdrawal webhooks', () => {
  it('moves the settlement forward and ignores duplicate deliveries', () => {
    const id = acceptedWithdrawal();
    expect(
      t.journal.applyWithdrawalEvent('w-1', 'withdrawal.in_progress', { data: { status: 'processing' } }),
    ).toEqual({
      applied: true,
      entryId: id,
      changed: true,
    });
    expect(t.journal.applyWithdrawalEvent('w-1', 'withdrawal.in_progress', {})).toEqual({
      applied: false,
      reason: 'duplicate',
      entryId: id,
    });
    t.journal.applyWithdrawalEvent('w-1', 'withdrawal.success', { data: { status: 'completed' } });
    expect(t.journal.get(id)?.settlement).toBe('completed');
    expect(t.journal.get(id)?.state).toBe('accepted');
    expect(t.journal.events(id).map((e) => e.type)).toEqual(['begin', 'settle', 'webhook', 'webhook']);
  });

  it('keeps the first final status and records a conflicting one without applying it', () => {
    const id = acceptedWithdrawal();
    t.journal.applyWithdrawalEvent('w-1', 'withdrawal.failed', { reason: 'x' });
    expect(t.journal.applyWithdrawalEvent('w-1', 'withdrawal.success', {})).toEqual({
      applied: true,
      entryId: id,
      changed: false,
    });
    expect(t.journal.applyWithdrawalEvent('w-1', 'withdrawal.in_progress', {})).toMatchObject({
      changed: false,
    });
    expect(t.journal.get(id)?.settlement).toBe('failed');
    expect(t.journal.events(id).at(-2)?.detail).toMatchObject({
      event: 'withdrawal.success',
      ignored: expect.any(String),
    });
  });

  it('reports webhooks for unknown withdrawal ids, and redacts credential-like payload fields', () => {
    expect(t.journal.applyWithdrawalEvent('w-404', 'withdrawal.success', {})).toEqual({
      applied: false,
      reason: 'no-entry',
    });
    const id = acceptedWithdrawal();
    t.journal.applyWithdrawalEvent('w-1', 'withdrawal.success', { sign: 'abc', data: { apiKey: 'k' } });
    expect(t.journal.events(id).at(-1)?.detail).toMatchObject({
      payload: { sign: '[redacted]', data: { apiKey: '[redacted]' } },
    });
    expect(() => t.journal.applyWithdrawalEvent('w-1', 'withdrawal.done' as never, {})).toThrow(
      /Unknown withdrawal event/,
    );
  });
});

describe('invoice webhooks', () => {
  function invoice(orderId: string, outcome: 'accepted' | 'unknown' | 'rejected'): number {
    const id = t.journal.begin('createInvoice', { ...live, requestBody: invoiceBody({ order_id: orderId }) });
    t.journal.settle(id, {
      outcome,
      externalIds: outcome === 'accepted' ? { invoiceId: `i-${orderId}`, invoiceCode: `c-${orderId}` } : {},
    });
    return id;
  }

  it('updates the invoice status by code, id or order_id, idempotently', () => {
    const a = invoice('A', 'accepted');
    expect(
      t.journal.applyInvoiceEvent({ profileId: 'p-live', invoiceCode: 'c-A' }, 'invoice.paid', {}),
    ).toEqual({ applied: true, entryId: a, changed: true });
    expect(
      t.journal.applyInvoiceEvent({ profileId: 'p-live', invoiceId: 'i-A' }, 'invoice.paid', {}),
    ).toMatchObject({ reason: 'duplicate' });
    expect(
      t.journal.applyInvoiceEvent({ profileId: 'p-live', orderId: 'A' }, 'invoice.expired', {}),
    ).toMatchObject({ changed: false });
    expect(t.journal.get(a)?.invoiceStatus).toBe('paid');
    expect(t.journal.applyInvoiceEvent({ profileId: 'other', orderId: 'A' }, 'invoice.paid', {})).toEqual({
      applied: false,
      reason: 'no-entry',
    });
  });

  it('leaves unknown rows to be resolved first and flags contradictions', () => {
    const u = invoice('U', 'unknown');
    expect(t.journal.applyInvoiceEvent({ profileId: 'p-live', orderId: 'U' }, 'invoice.paid', {})).toEqual({
      applied: false,
      reason: 'entry-unknown',
      entryId: u,
    });
    t.journal.resolve(u, { by: 'person', performed: false, reason: 'not found in dashboard' });
    expect(t.journal.applyInvoiceEvent({ profileId: 'p-live', orderId: 'U' }, 'invoice.paid', {})).toEqual({
      applied: false,
      reason: 'contradicts-resolution',
      entryId: u,
    });
  });

  it('prefers the accepted row when a rejected attempt shares the order_id', () => {
    invoice('R', 'rejected');
    const ok = invoice('R', 'accepted');
    expect(
      t.journal.applyInvoiceEvent({ profileId: 'p-live', orderId: 'R' }, 'invoice.paid', {}),
    ).toMatchObject({ applied: true, entryId: ok });
    expect(t.journal.verifyChain().ok).toBe(true);
    t.cleanup();
  });
});

describe('withdrawal ids across profiles', () => {
  it('scopes a webhook to its profile: the same id in another merchant account is another withdrawal', async () => {
    const { tempJournal } = await import('@test/helpers/journal');
    const t = tempJournal();
    const body = (amount: string) => ({ coin: 'usdt', network: 'tron', amount, to_address: 'T1' });
    const live = t.journal.begin('createWithdrawal', {
      profileId: 'live-a',
      environment: 'live',
      requestBody: body('5'),
    });
    t.journal.settle(live, {
      outcome: 'accepted',
      response: { withdrawal_id: 'w-1', status: 'processing' },
      externalIds: { withdrawalId: 'w-1' },
    });
    const sandbox = t.journal.begin('createWithdrawal', {
      profileId: 'sandbox',
      environment: 'sandbox',
      requestBody: body('6'),
    });
    t.journal.settle(sandbox, { outcome: 'accepted', externalIds: { withdrawalId: 'w-1' } });
    expect(t.journal.get(live)?.settlement).toBe('processing');
    expect(t.journal.applyWithdrawalEvent('w-1', 'withdrawal.success', {}, 'sandbox')).toMatchObject({
      applied: true,
      entryId: sandbox,
    });
    expect(t.journal.get(live)?.settlement).toBe('processing');
    expect(t.journal.applyWithdrawalEvent('w-1', 'withdrawal.failed', {}, 'live-a')).toMatchObject({
      applied: true,
      entryId: live,
    });
    expect(t.journal.get(live)?.settlement).toBe('failed');
    expect(t.journal.verifyChain().ok).toBe(true);
    t.cleanup();
  });
});
