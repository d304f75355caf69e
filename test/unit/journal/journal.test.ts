import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DuplicateWithdrawalError, IllegalTransitionError, JournalError } from '@main/storage/port/errors';
import { invoiceBody, live, tempJournal, withdrawalBody } from '@test/helpers/journal';

let t: ReturnType<typeof tempJournal>;
beforeEach(() => {
  t = tempJournal();
});
afterEach(() => t.cleanup());

describe('journal: intents and outcomes', () => {
  it('records a sending row with canonical body and key fields before anything is sent', () => {
    const id = t.journal.begin('createWithdrawal', {
      ...live,
      requestBody: withdrawalBody({ to_address: 'T/1' }),
    });
    const entry = t.journal.get(id);
    expect(entry).toMatchObject({
      operation: 'createWithdrawal',
      state: 'sending',
      profileId: 'p-live',
      environment: 'live',
      coin: 'usdt',
      network: 'tron',
      amount: '125.50',
      toAddress: 'T/1',
      requestBody: '{"network":"tron","coin":"usdt","amount":"125.50","to_address":"T\\/1"}',
      settlement: null,
    });
    expect(t.journal.events(id).map((e) => e.type)).toEqual(['begin']);
  });

  it('moves sending to accepted with ids and a pending settlement, and never settles twice', () => {
    const id = t.journal.begin('createWithdrawal', { ...live, requestBody: withdrawalBody() });
    const entry = t.journal.settle(id, {
      outcome: 'accepted',
      response: { status: 'success', data: { withdrawal_id: 'w-1', status: 'processing' } },
      externalIds: { withdrawalId: 'w-1' },
    });
    expect(entry).toMatchObject({ state: 'accepted', withdrawalId: 'w-1', settlement: 'processing' });
    expect(() => t.journal.settle(id, { outcome: 'rejected' })).toThrow(IllegalTransitionError);
    expect(() => t.journal.resolve(id, { by: 'person', performed: false, reason: 'x' })).toThrow(
      IllegalTransitionError,
    );
  });

  it('records rejections with the error and unknowns for a person to resolve', () => {
    const a = t.journal.begin('createInvoice', { ...live, requestBody: invoiceBody() });
    t.journal.settle(a, { outcome: 'rejected', error: { status: 422, errors: { amount: ['too small'] } } });
    expect(t.journal.get(a)).toMatchObject({ state: 'rejected', error: { status: 422 } });
    const b = t.journal.begin('createInvoice', {
      ...live,
      requestBody: invoiceBody({ order_id: 'ORDER-2' }),
    });
    t.journal.settle(b, { outcome: 'unknown', error: new Error('socket hang up') });
    expect(t.journal.get(b)?.error).toEqual({ name: 'Error', message: 'socket hang up' });
    expect(t.journal.findUnknown().map((e) => e.id)).toEqual([b]);
  });

  it('turns rows left sending by a crash into unknown on reopen, with the reason recorded', () => {
    const id = t.journal.begin('createWalletAddress', {
      ...live,
      requestBody: { coin: 'btc', network: 'bitcoin' },
    });
    const done = t.journal.begin('createWalletAddress', {
      ...live,
      requestBody: { coin: 'eth', network: 'eth' },
    });
    t.journal.settle(done, { outcome: 'accepted' });
    const reopened = t.reopen();
    expect(reopened.recovered).toEqual([id]);
    expect(reopened.get(id)?.state).toBe('unknown');
    expect(reopened.get(done)?.state).toBe('accepted');
    expect(reopened.events(id).at(-1)).toMatchObject({
      type: 'recovered',
      detail: { from: 'sending', to: 'unknown' },
    });
    expect(t.reopen().recovered).toEqual([]);
  });

  it('validates input and names what is missing', () => {
    const bad = (fn: () => unknown, message: RegExp) => expect(fn).toThrow(message);
    bad(
      () =>
        t.journal.begin('createWithdrawal', {
          ...live,
          requestBody: withdrawalBody({ to_address: undefined }),
        }),
      /needs to_address/,
    );
    bad(
      () => t.journal.begin('createWithdrawal', { ...live, requestBody: withdrawalBody({ amount: '1e5' }) }),
      /decimal string/,
    );
    bad(
      () => t.journal.begin('createWithdrawal', { ...live, requestBody: withdrawalBody({ amount: 12.5 }) }),
      /amount.*string/,
    );
    bad(() => t.journal.begin('createInvoice', { ...live, requestBody: { amount: '10' } }), /needs order_id/);
    bad(
      () => t.journal.begin('createInvoice', { ...live, requestBody: invoiceBody({ fee: 0.5 }) }),
      /requestBody: .*fee/,
    );
    bad(() => t.journal.begin('createProviderCardOrder', { ...live, requestBody: {} }), /needs invoiceCode/);
    bad(
      () =>
        t.journal.begin('createInvoice', {
          ...live,
          environment: 'prod' as never,
          requestBody: invoiceBody(),
        }),
      /environment/,
    );
    bad(
      () => t.journal.begin('createInvoice', { ...live, profileId: '', requestBody: invoiceBody() }),
      /profileId/,
    );
    bad(
      () => t.journal.begin('createInvoice', { ...live, requestBody: invoiceBody({ api_key: 'k' }) }),
      /credential-like field \(api_key\)/,
    );
    bad(() => t.journal.settle(999, { outcome: 'accepted' }), /No journal entry #999/);
    bad(() => t.journal.settle(1, { outcome: 'maybe' as never }), /outcome/);
    expect(t.journal.list({})).toEqual([]);
  });

  it('lists newest first with filters and a cursor', () => {
    const ids = [1, 2, 3, 4].map((n) =>
      t.journal.begin('createInvoice', { ...live, requestBody: invoiceBody({ order_id: `O-${n}` }) }),
    );
    t.journal.settle(ids[1] ?? 0, { outcome: 'rejected' });
    expect(t.journal.list({ limit: 2 }).map((e) => e.id)).toEqual([ids[3], ids[2]]);
    expect(t.journal.list({ before: ids[2], limit: 10 }).map((e) => e.id)).toEqual([ids[1], ids[0]]);
    expect(t.journal.list({ state: 'rejected' }).map((e) => e.id)).toEqual([ids[1]]);
    expect(t.journal.list({ operation: 'createWithdrawal' })).toEqual([]);
  });
});

describe('journal: identical withdrawals', () => {
  const begin = (over: Record<string, unknown> = {}, override?: { reason: string }) =>
    t.journal.begin('createWithdrawal', { ...live, requestBody: withdrawalBody(over), override });

  it('refuses a withdrawal identical to one in flight, unknown or accepted but not settled', () => {
    const first = begin();
    expect(() => begin()).toThrow(DuplicateWithdrawalError);
    // Same amount written differently, same address in another case: still the same withdrawal.
    expect(() => begin({ amount: '125.5', to_address: 'txyzABC123', coin: 'USDT' })).toThrow(
      /not finished: #1 \(sending\)/,
    );
    t.journal.settle(first, { outcome: 'accepted', externalIds: { withdrawalId: 'w-1' } });
    const error = (() => {
      try {
        begin();
      } catch (e) {
        return e as DuplicateWithdrawalError;
      }
    })();
    expect(error?.matches).toEqual([
      expect.objectContaining({ id: first, state: 'accepted', settlement: 'pending' }),
    ]);
    t.journal.applyWithdrawalEvent('w-1', 'withdrawal.success', {});
    expect(() => begin()).not.toThrow();
  });

  it('does not match different amounts, networks, addresses, environments or rejected rows', () => {
    const first = begin();
    begin({ amount: '125.51' });
    begin({ network: 'eth' });
    begin({ to_address: 'other' });
    t.journal.begin('createWithdrawal', {
      profileId: 'sandbox',
      environment: 'sandbox',
      requestBody: withdrawalBody(),
    });
    t.journal.settle(first, { outcome: 'rejected' });
    expect(() => begin()).not.toThrow();
  });

  it('accepts an explicit override with a reason and records it', () => {
    const first = begin();
    t.journal.settle(first, { outcome: 'unknown' });
    expect(() => begin({}, { reason: '  ' })).toThrow(/say why this is not a duplicate/);
    const second = begin({}, { reason: 'Supplier asked for two equal payments (ticket 812)' });
    expect(t.journal.get(second)?.overrideReason).toBe('Supplier asked for two equal payments (ticket 812)');
    expect(t.journal.events(second)[0]?.detail).toMatchObject({
      override: { reason: expect.stringContaining('ticket 812') },
    });
  });
});

describe('journal: resolving unknown rows', () => {
  function unknownRow(op: 'createInvoice' | 'createWithdrawal' = 'createInvoice'): number {
    const id = t.journal.begin(op, {
      ...live,
      requestBody: op === 'createInvoice' ? invoiceBody() : withdrawalBody(),
    });
    t.journal.settle(id, { outcome: 'unknown' });
    return id;
  }

  it('lets a person resolve with a reason, either way', () => {
    const id = unknownRow();
    expect(() => t.journal.resolve(id, { by: 'person', performed: false, reason: '   ' })).toThrow(/reason/);
    const entry = t.journal.resolve(id, {
      by: 'person',
      performed: false,
      reason: 'Not in the merchant dashboard',
    });
    expect(entry.state).toBe('resolved-not-performed');
    expect(entry.resolution).toMatchObject({
      by: 'person',
      performed: false,
      reason: 'Not in the merchant dashboard',
      evidence: null,
    });
    expect(() => t.journal.resolve(id, { by: 'person', performed: true, reason: 'changed my mind' })).toThrow(
      IllegalTransitionError,
    );
  });

  it('accepts a 409 on the same order_id as evidence, for invoices only', () => {
    const id = unknownRow();
    const evidence = { kind: 'order-id-conflict' as const, orderId: 'OTHER' };
    expect(() => t.journal.resolve(id, { by: 'evidence', performed: true, reason: '', evidence })).toThrow(
      /different order_id/,
    );
    const entry = t.journal.resolve(id, {
      by: 'evidence',
      performed: true,
      reason: '',
      evidence: { ...evidence, orderId: 'ORDER-1' },
    });
    expect(entry).toMatchObject({
      state: 'resolved-performed',
      resolution: { by: 'evidence', reason: 'evidence: order-id-conflict' },
    });
    const w = unknownRow('createWithdrawal');
    expect(() =>
      t.journal.resolve(w, {
        by: 'evidence',
        performed: true,
        reason: '',
        evidence: { kind: 'order-id-conflict', orderId: 'ORDER-1' },
      }),
    ).toThrow(/cannot resolve a createWithdrawal/);
  });

  it('resolves a withdrawal from a verified webhook, taking its id, and then applies settlement', () => {
    const id = unknownRow('createWithdrawal');
    expect(() => t.journal.resolve(id, { by: 'evidence', performed: true, reason: 'webhook' })).toThrow(
      /needs the evidence/,
    );
    const evidence = {
      kind: 'webhook' as const,
      event: 'withdrawal.success',
      idempotencyKey: 'withdrawal:w-9:withdrawal.success',
    };
    expect(() => t.journal.resolve(id, { by: 'evidence', performed: false, reason: '', evidence })).toThrow(
      /only show that/,
    );
    const entry = t.journal.resolve(id, {
      by: 'evidence',
      performed: true,
      reason: '',
      evidence,
      externalIds: { withdrawalId: 'w-9' },
    });
    expect(entry).toMatchObject({ state: 'resolved-performed', withdrawalId: 'w-9', settlement: 'pending' });
    expect(t.journal.applyWithdrawalEvent('w-9', 'withdrawal.success', {})).toMatchObject({
      applied: true,
      changed: true,
    });
    expect(t.journal.get(id)?.settlement).toBe('completed');
  });

  it('refuses to record one withdrawal id on two entries', () => {
    const a = t.journal.begin('createWithdrawal', { ...live, requestBody: withdrawalBody() });
    t.journal.settle(a, { outcome: 'accepted', externalIds: { withdrawalId: 'w-1' } });
    const b = t.journal.begin('createWithdrawal', { ...live, requestBody: withdrawalBody({ amount: '1' }) });
    expect(() => t.journal.settle(b, { outcome: 'accepted', externalIds: { withdrawalId: 'w-1' } })).toThrow(
      JournalError,
    );
    expect(t.journal.get(b)?.state).toBe('sending');
  });
});
