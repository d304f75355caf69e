import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INVOKE_CHANNELS } from '@shared/ipc-channels';
import { startAppHarness, TRUSTED_EVENT, type AppHarness } from '@test/helpers/app-harness';

let app: AppHarness;
beforeEach(async () => {
  app = await startAppHarness();
});
afterEach(async () => {
  await app.dispose();
  // Every push these flows made matched the contract: none was held back by the emitter.
  expect(app.logs.filter((line) => line.includes('not sent'))).toEqual([]);
});

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';

describe('main services over the IPC router, against the embedded sandbox', () => {
  it('has a module handling every channel of the contract', async () => {
    for (const channel of INVOKE_CHANNELS) {
      // The router reports a missing handler before it parses the payload, so any other answer (an
      // invalid request, for a payload almost every channel refuses) means a module handles it.
      const result = await app.services.router.dispatch(channel, { unexpected: true }, TRUSTED_EVENT);
      expect(result.ok ? 'handled' : result.error.kind, channel).not.toBe('unknown-channel');
    }
  });

  it('opens on the Sandbox profile and reads balances, fees and rates', async () => {
    const profiles = await app.ok('profiles:list');
    expect(profiles.activeId).toBe('sandbox');
    const balances = await app.ok('balances:get');
    expect(balances.rows.length).toBeGreaterThan(0);
    expect(balances.totalUsd).toMatch(/^\d+(\.\d+)?$/);
    expect(balances.totalUsd).not.toBe('0');
    // The read wrote nothing; the point is the snapshot the scope's timer takes as it opens.
    await expect.poll(async () => (await app.ok('balances:history')).points.length).toBe(1);
    await app.services.activeScope().rates.pollOnce();
    const rates = await app.ok('rates:snapshot');
    expect(rates.rows.find((r) => r.symbol === 'usdt')?.pairs.length).toBeGreaterThan(0);
    const fees = await app.ok('fees:get');
    expect(fees.fees).toBeTruthy();
    expect(fees.catalog.length).toBeGreaterThan(0);
  });

  it('journals an invoice before sending and records the accepted answer', async () => {
    const result = await app.ok('invoices:create', { order_id: 'ORD-1', amount: '25.00' });
    expect(result.outcome).toBe('accepted');
    const [entry] = (await app.ok('journal:list', { limit: 10 })).entries;
    expect(entry).toMatchObject({ id: result.journalId, operation: 'createInvoice', state: 'accepted' });
    expect(entry?.externalIds.invoiceCode).toBeTruthy();
    const again = await app.ok('invoices:create', { order_id: 'ORD-1', amount: '25.00' });
    expect(again).toMatchObject({ outcome: 'rejected', error: { httpStatus: 409 } });
  });

  it('settles a withdrawal from the sandbox webhook, and refuses an identical one without an override', async () => {
    const request = { coin: 'usdt', network: 'tron', amount: '10', to_address: ADDRESS };
    const sent = await app.ok('withdrawals:create', request);
    expect(sent.outcome).toBe('accepted');
    const withdrawalId = String((sent.data as { withdrawal_id: string }).withdrawal_id);

    const duplicate = await app.call('withdrawals:create', request);
    expect(duplicate).toMatchObject({ ok: false, error: { kind: 'duplicate-withdrawal' } });
    const overridden = await app.ok('withdrawals:create', {
      ...request,
      override: { reason: 'second payout agreed with supplier' },
    });
    expect(overridden.outcome).toBe('accepted');

    app.sandbox.control.completeWithdrawal(withdrawalId);
    await app.sandbox.control.flushWebhooks();
    await expect
      .poll(
        async () =>
          (await app.ok('journal:list', { limit: 10 })).entries.find((e) => e.id === sent.journalId)
            ?.settlement,
      )
      .toBe('completed');
    expect(
      (await app.ok('webhooks:list')).deliveries.some((d) => d.verified && d.event === 'withdrawal.success'),
    ).toBe(true);
  });

  it('marks a withdrawal unknown when the connection drops after the service committed it, and never resends', async () => {
    app.sandbox.control.injectFault('createWithdrawal', { kind: 'drop-after' }, 1);
    const before = app.sandbox.control.withdrawals().length;
    const result = await app.ok('withdrawals:create', {
      coin: 'usdt',
      network: 'tron',
      amount: '12',
      to_address: ADDRESS,
    });
    expect(result.outcome).toBe('unknown');
    expect(app.sandbox.control.withdrawals().length).toBe(before + 1);
    const entry = (await app.ok('journal:list', { limit: 5 })).entries.find((e) => e.id === result.journalId);
    expect(entry?.state).toBe('unknown');
    const resolved = await app.ok('journal:resolve', {
      id: result.journalId,
      performed: true,
      reason: 'seen in the service dashboard',
    });
    expect(resolved.state).toBe('resolved-performed');
    const chain = await app.ok('journal:verify-chain');
    expect(chain).toMatchObject({ ok: true, head: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const exported = await app.ok('journal:export-csv');
    expect(exported).toMatchObject({ rows: 1, chainHead: chain.head });
    expect(readFileSync(`${exported.path}.chain-head.txt`, 'utf8').trim()).toBe(chain.head);
    expect(readFileSync(exported.path!, 'utf8')).toContain('resolved-performed');
  });

  it('resolves an unknown withdrawal from a verified webhook that describes it exactly', async () => {
    app.sandbox.control.injectFault('createWithdrawal', { kind: 'drop-after' }, 1);
    const result = await app.ok('withdrawals:create', {
      coin: 'usdt',
      network: 'tron',
      amount: '13.5',
      to_address: ADDRESS,
    });
    expect(result.outcome).toBe('unknown');
    const performed = app.sandbox.control.withdrawals().at(-1) as { withdrawal_id: string };
    app.sandbox.control.completeWithdrawal(performed.withdrawal_id);
    await app.sandbox.control.flushWebhooks();
    await expect
      .poll(async () =>
        (await app.ok('journal:list', { limit: 5 })).entries.find((e) => e.id === result.journalId),
      )
      .toMatchObject({
        state: 'resolved-performed',
        settlement: 'completed',
        externalIds: { withdrawalId: performed.withdrawal_id },
      });
  });

  it('checks an unknown invoice by re-submitting its order id (409 proves it exists)', async () => {
    app.sandbox.control.injectFault('createInvoice', { kind: 'drop-after' }, 1);
    const lost = await app.ok('invoices:create', { order_id: 'ORD-LOST', amount: '30' });
    expect(lost.outcome).toBe('unknown');
    const checked = await app.ok('journal:check-invoice', { id: lost.journalId });
    expect(checked).toMatchObject({ state: 'resolved-performed' });
  });

  it('checks an unknown invoice that was never performed: the re-submission creates it, the original is settled as not performed', async () => {
    app.sandbox.control.injectFault('createInvoice', { kind: 'drop-before' }, 1);
    const lost = await app.ok('invoices:create', { order_id: 'ORD-NEVER', amount: '30' });
    expect(lost.outcome).toBe('unknown');
    const checked = await app.ok('journal:check-invoice', { id: lost.journalId });
    expect(checked.state).toBe('resolved-not-performed');
    const entries = (await app.ok('journal:list', { limit: 10 })).entries;
    expect(
      entries
        .filter((e) => e.fields.orderId === 'ORD-NEVER')
        .map((e) => e.state)
        .sort(),
    ).toEqual(['accepted', 'resolved-not-performed']);
  });

  it('resolves an unknown invoice when a verified invoice.paid webhook for its order arrives', async () => {
    app.sandbox.control.injectFault('createInvoice', { kind: 'drop-after' }, 1);
    const lost = await app.ok('invoices:create', {
      order_id: 'ORD-WEBHOOK',
      amount: '20',
      coin: 'usdt',
      network: 'tron',
    });
    expect(lost.outcome).toBe('unknown');
    const invoice = Object.values(app.sandbox.control.state().invoices).find(
      (i) => i.orderId === 'ORD-WEBHOOK',
    );
    app.sandbox.control.payInvoice(invoice!.code);
    await app.sandbox.control.flushWebhooks();
    await expect
      .poll(async () =>
        (await app.ok('journal:list', { limit: 5 })).entries.find((e) => e.id === lost.journalId),
      )
      .toMatchObject({ state: 'resolved-performed', fields: { invoiceStatus: 'paid' } });
  });

  it('refuses a withdrawal when the clock is too far off, before anything is sent', async () => {
    app.sandbox.control.advanceClock(20 * 60_000);
    await app.services.activeScope().rates.pollOnce();
    const before = app.sandbox.control.withdrawals().length;
    const result = await app.call('withdrawals:create', {
      coin: 'usdt',
      network: 'tron',
      amount: '10',
      to_address: ADDRESS,
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'clock-skew' } });
    if (!result.ok) expect(result.error.message).toMatch(/clock/);
    expect(app.sandbox.control.withdrawals().length).toBe(before);
    expect((await app.ok('clock:skew'))?.breaksWindow).toBe(true);
  });
});
