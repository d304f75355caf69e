import { createServer } from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';
import { freePort } from '@test/helpers/ports';

let app: AppHarness;
beforeEach(async () => {
  app = await startAppHarness();
});
afterEach(async () => {
  await app.dispose();
});

/** Failures of the desk itself reach the renderer with their own kind and a next step. */
describe('app-layer failures', () => {
  it('no-api-key: a profile without a stored key says where to add one', async () => {
    const acme = await app.ok('profiles:create', {
      name: 'Acme',
      environment: 'sandbox',
      baseUrl: app.sandbox.url,
      merchantId: 'acme',
    });
    await app.ok('profiles:activate', { id: acme.id });
    const result = await app.call('balances:get');
    expect(result).toMatchObject({ ok: false, error: { kind: 'no-api-key' } });
    if (!result.ok) expect(result.error.message).toMatch(/Add it in Settings/);
  });

  it('check-inconclusive: an unknown invoice stays unknown when the re-check gets no clear answer', async () => {
    app.sandbox.control.injectFault('createInvoice', { kind: 'drop-after' }, 1);
    const lost = await app.ok('invoices:create', { order_id: 'ORD-UNCLEAR', amount: '30' });
    app.sandbox.control.injectFault('createInvoice', { kind: 'error500' }, 1);
    const result = await app.call('journal:check-invoice', { id: lost.journalId });
    expect(result).toMatchObject({ ok: false, error: { kind: 'check-inconclusive' } });
    const entry = (await app.ok('journal:list', { limit: 10 })).entries.find((e) => e.id === lost.journalId);
    expect(entry?.state).toBe('unknown');
  });

  it('receiver-port: a port already taken is named, with what to do', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const result = await app.call('webhooks:receiver', { enabled: true, port });
      expect(result).toMatchObject({ ok: false, error: { kind: 'receiver-port' } });
      if (!result.ok) expect(result.error.message).toMatch(new RegExp(`Port ${port} is already in use`));
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });

  it('the receiver the webhooks module started closes with the app', async () => {
    const started = await app.ok('webhooks:receiver', { enabled: true, port: await freePort() });
    expect(started.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[\w-]{43}$/);
    await app.dispose();
    await expect(fetch(started.url!, { method: 'POST', body: '{}' })).rejects.toThrow();
  });
});
