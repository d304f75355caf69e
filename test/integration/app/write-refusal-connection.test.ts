import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';

let app: AppHarness;
beforeEach(async () => {
  app = await startAppHarness();
});
afterEach(async () => {
  await app.dispose();
});

describe('the connection status after a refused write', () => {
  it('a 409 on a repeated order id is the service answering as itself: not "degraded"', async () => {
    expect((await app.ok('invoices:create', { order_id: 'ORD-R1', amount: '25' })).outcome).toBe('accepted');
    const again = await app.ok('invoices:create', { order_id: 'ORD-R1', amount: '25' });
    expect(again).toMatchObject({ outcome: 'rejected', reason: 'duplicate', error: { httpStatus: 409 } });
    expect((await app.ok('connection:status')).state).toBe('online');
  });

  it('a 500 on a write is trouble on the service’s side: "degraded"', async () => {
    app.sandbox.control.injectFault('createInvoice', { kind: 'error500' }, 1);
    const failed = await app.ok('invoices:create', { order_id: 'ORD-R2', amount: '25' });
    expect(failed.outcome).toBe('unknown');
    expect((await app.ok('connection:status')).state).toBe('degraded');
  });
});

describe('the connection status after a card provider failure', () => {
  it('a ProviderCardError (even a 502) is about the provider, not the connection to the service', async () => {
    const created = await app.ok('invoices:create', {
      order_id: 'ORD-R3',
      amount: '50',
      allow_card_payments: true,
    });
    const code = String((created.data as { code: string }).code);
    app.sandbox.control.injectFault('createProviderCardOrder', { kind: 'provider-fail' }, 1);
    const card = await app.ok('invoices:card-order', { code });
    expect(card.error).toMatchObject({ kind: 'provider-card', failureCode: 'provider_error' });
    expect((await app.ok('connection:status')).state).toBe('online');
  });
});

describe('the connection status after a lookup of a code the service does not know', () => {
  it('a 404 on getInvoice is the service answering as itself: not "degraded" (issue 25)', async () => {
    await app.ok('invoices:create', { order_id: 'ORD-R4', amount: '25' });
    expect((await app.ok('connection:status')).state).toBe('online');
    const missing = await app.call('invoices:get', { code: 'NO-SUCH-CODE' });
    expect(missing).toMatchObject({ ok: false, error: { kind: 'not-found', httpStatus: 404 } });
    expect((await app.ok('connection:status')).state).toBe('online');
  });

  it('a 500 on getInvoice still says "degraded"', async () => {
    app.sandbox.control.injectFault('getInvoice', { kind: 'error500' }, 5);
    const failed = await app.call('invoices:get', { code: 'ANY' });
    expect(failed.ok).toBe(false);
    expect((await app.ok('connection:status')).state).toBe('degraded');
  });
});
