import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppHarness } from '@test/helpers/app-harness';
import { startLiveDesk, type LiveDesk } from '@test/helpers/live-desk';

const BOOKED = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const OTHER = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const to = (address: string, amount = '12.5') => ({
  coin: 'usdt',
  network: 'tron',
  amount,
  to_address: address,
});
const entry = {
  name: 'Supplier Ltd',
  coin: 'usdt',
  network: 'tron',
  address: BOOKED,
  note: 'monthly invoice',
};

let app: AppHarness;
/** Every request that reached "the live service". */
let liveRequests: string[];
let desk: LiveDesk;

beforeEach(async () => {
  desk = await startLiveDesk();
  ({ app, liveRequests } = desk);
});
afterEach(async () => {
  await app.dispose();
});

async function activateLive() {
  const live = await desk.activateLive();
  app.confirmations.shown.length = 0;
  return live;
}

const shownText = (index = -1) => {
  const request = app.confirmations.shown.at(index)!;
  return [request.title, ...request.lines].join('\n');
};
const withdrawalsSent = () => liveRequests.filter((url) => url.includes('/withdrawal')).length;

describe('the address book is kept in main and changed only through main’s window', () => {
  it('adds nothing when the person declines, and shows the whole address in groups', async () => {
    app.confirmations.decline();
    const result = await app.call('addressBook:add', entry);
    expect(result).toMatchObject({ ok: false, error: { kind: 'declined-in-main' } });
    expect((await app.ok('addressBook:list')).entries).toEqual([]);
    expect(shownText()).toContain('TNPe eaaF B7K9 cmo4 uQpc U32z GK8G 1NYq eL');
    expect(shownText()).toContain('Supplier Ltd');
  });

  it('adds and removes an entry once accepted, recording when and by whom', async () => {
    const added = await app.ok('addressBook:add', entry);
    expect(added.entries).toEqual([
      expect.objectContaining({ name: 'Supplier Ltd', address: BOOKED, note: 'monthly invoice' }),
    ]);
    expect(added.entries[0]!.addedBy.length).toBeGreaterThan(0);
    expect(Date.parse(added.entries[0]!.addedAt)).not.toBeNaN();

    app.confirmations.decline();
    const kept = await app.call('addressBook:remove', { id: added.entries[0]!.id });
    expect(kept).toMatchObject({ ok: false, error: { kind: 'declined-in-main' } });
    expect((await app.ok('addressBook:list')).entries).toHaveLength(1);
    app.confirmations.accept();
    expect((await app.ok('addressBook:remove', { id: added.entries[0]!.id })).entries).toEqual([]);
    // Both changes are in the journal's chain, and it still verifies.
    expect(await app.ok('journal:verify-chain')).toMatchObject({ ok: true });
  });

  it('refuses an address that is not valid for the network before anything is shown', async () => {
    const result = await app.call('addressBook:add', {
      ...entry,
      address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeX',
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-request' } });
    expect(app.confirmations.shown).toEqual([]);
  });

  it('keeps one book per profile', async () => {
    await app.ok('addressBook:add', entry);
    await activateLive();
    expect(await app.ok('addressBook:list')).toMatchObject({ entries: [] });
  });
});

describe('a withdrawal to an address not in the book', () => {
  it('is flagged in main’s confirmation; a book address is named instead', async () => {
    await activateLive();
    await app.ok('withdrawals:create', to(OTHER));
    expect(shownText()).toContain('New address — not in your address book');

    await app.ok('addressBook:add', entry);
    await app.ok('withdrawals:create', to(BOOKED));
    expect(shownText()).not.toContain('New address');
    expect(shownText()).toContain('Address book: “Supplier Ltd”');
  });

  it('is refused once only book addresses are allowed, a change itself decided in main', async () => {
    app.confirmations.decline();
    expect(await app.call('withdrawalRules:set-book-only', { bookOnly: true })).toMatchObject({
      ok: false,
      error: { kind: 'declined-in-main' },
    });
    expect((await app.ok('withdrawalRules:get')).bookOnly).toBe(false);
    app.confirmations.accept();
    expect((await app.ok('withdrawalRules:set-book-only', { bookOnly: true })).bookOnly).toBe(true);

    await activateLive();
    await app.ok('addressBook:add', entry);
    app.confirmations.shown.length = 0;
    const refused = await app.call('withdrawals:create', to(OTHER));
    expect(refused).toMatchObject({
      ok: false,
      error: { kind: 'not-in-address-book', message: expect.stringMatching(/Nothing was sent/) },
    });
    expect(withdrawalsSent()).toBe(0);
    expect((await app.ok('journal:list', { limit: 10 })).entries).toEqual([]);
    expect(app.confirmations.shown).toEqual([]);

    expect((await app.ok('withdrawals:create', to(BOOKED))).outcome).toBe('accepted');
    expect(withdrawalsSent()).toBe(1);
  });
});

describe('withdrawal limits per asset', () => {
  it('refuses an amount over the per-withdrawal limit, in words, before anything is sent', async () => {
    await app.ok('withdrawalRules:set-limit', {
      coin: 'USDT',
      network: 'tron',
      perWithdrawal: '10',
      daily: null,
    });
    expect(shownText()).toMatch(/Per withdrawal: no limit → 10 USDT/);
    const refused = await app.call('withdrawals:create', to(BOOKED, '10.000001'));
    expect(refused).toMatchObject({
      ok: false,
      error: {
        kind: 'withdrawal-limit',
        message: expect.stringMatching(/over the limit of 10 per withdrawal/),
      },
    });
    expect(app.sandbox.control.withdrawals()).toHaveLength(0);
    expect((await app.ok('withdrawals:create', to(BOOKED, '10'))).outcome).toBe('accepted');
  });

  it('adds today’s withdrawals in exact decimals: 10.3 + 10.4 fits a daily limit of 20.7', async () => {
    await app.ok('withdrawalRules:set-limit', {
      coin: 'usdt',
      network: 'tron',
      perWithdrawal: null,
      daily: '20.7',
    });
    expect((await app.ok('withdrawals:create', to(BOOKED, '10.3'))).outcome).toBe('accepted');
    expect((await app.ok('withdrawals:create', to(OTHER, '10.4'))).outcome).toBe('accepted');
    const refused = await app.call('withdrawals:create', to(BOOKED, '10'));
    expect(refused).toMatchObject({
      ok: false,
      error: {
        kind: 'withdrawal-limit',
        message: expect.stringContaining(
          'to 30.7, over the daily limit of 20.7 set in Settings (20.7 already',
        ),
      },
    });
    expect(app.sandbox.control.withdrawals()).toHaveLength(2);
  });

  it('counts a withdrawal whose outcome is unknown toward the daily limit', async () => {
    await app.ok('withdrawalRules:set-limit', {
      coin: 'usdt',
      network: 'tron',
      perWithdrawal: null,
      daily: '20',
    });
    app.sandbox.control.injectFault('createWithdrawal', { kind: 'drop-after' }, 1);
    expect((await app.ok('withdrawals:create', to(BOOKED, '15'))).outcome).toBe('unknown');
    const refused = await app.call('withdrawals:create', to(OTHER, '6'));
    expect(refused).toMatchObject({ ok: false, error: { kind: 'withdrawal-limit' } });
  });

  it('changes nothing when the person declines the change in main', async () => {
    app.confirmations.decline();
    const result = await app.call('withdrawalRules:set-limit', {
      coin: 'usdt',
      network: 'tron',
      perWithdrawal: '1',
      daily: '1',
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'declined-in-main' } });
    expect((await app.ok('withdrawalRules:get')).limits).toEqual([]);
  });
});

describe('fees in main’s confirmation', () => {
  it('states the service’s fee amounts and who pays them when they are known', async () => {
    await activateLive();
    app.sandbox.control.setWithdrawalFeePayer('acme', 'recipient');
    await app.ok('withdrawals:create', to(OTHER, '100'));
    const text = shownText();
    expect(text).toMatch(/service fee 0\.5 USDT \(0\.5%\)/);
    expect(text).toContain('network fee 1 USDT, 1.5 USDT in all');
    expect(text).toContain('Who pays: the recipient, out of the amount');
    expect(text).toContain('the recipient receives 98.5 USDT');

    app.sandbox.control.setWithdrawalFeePayer('acme', 'merchant');
    await app.ok('withdrawals:create', to(OTHER, '20'));
    expect(shownText()).toContain(
      'Who pays: you (the merchant), on top of the amount: 21.1 USDT leaves your balance',
    );
    expect(text).not.toMatch(/charged as your merchant fee settings say/);
  });
});
