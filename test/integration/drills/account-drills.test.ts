import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '@main/api/client';
import { withWrites } from '@test/helpers/with-writes';
import { DEMO_MERCHANT } from '@main/sandbox';
import { WALLET_LIMIT } from '@main/sandbox/domain/wallets';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';
import { createDrillTable } from './drill-table';
import { fundDemoMerchant, runWriteDrill, type WriteDrill } from './drill-run';
import { WRITE_OPERATIONS, type WriteOperation } from './write-operations';

/** The account's own refusals (suspension, permission, the wallet limit) and a clock 10 minutes off. */
const table = createDrillTable('2-account');
let app: AppHarness;
let merchantId: string;

beforeEach(async () => {
  app = await startAppHarness();
  await fundDemoMerchant(app);
  merchantId = (await app.ok('profiles:list')).profiles.find((p) => p.id === 'sandbox')!.merchantId;
});
afterEach(async () => {
  await app.dispose();
});
afterAll(() => table.write());

const op = (route: WriteOperation['route']) => WRITE_OPERATIONS.find((o) => o.route === route)!;
const SIGNED = WRITE_OPERATIONS.filter((o) => o.route !== 'createProviderCardOrder');

const SUSPENDED_WORDS =
  /^rejected: The payment service has suspended this merchant account\. Contact the payment service: nothing can be sent until the account is active again\.$/;

describe('fault drill: a suspended merchant', () => {
  it.each(SIGNED.map((o) => [o.label, o] as const))('%s', async (_label, write) => {
    const drill: WriteDrill = {
      drill: 'suspended merchant',
      arrange: (a) => {
        a.sandbox.control.suspendMerchant(merchantId, true);
        return () => a.sandbox.control.suspendMerchant(merchantId, false);
      },
      outcome: 'rejected',
      made: false,
      words: SUSPENDED_WORDS,
    };
    table.add(await runWriteDrill(app, write, drill));
  });

  it('card order (public route: the invoice code is its authority)', async () => {
    // Created while active; the card order itself carries no merchant signature (spec: no auth).
    const write = op('createProviderCardOrder');
    const drill: WriteDrill = {
      drill: 'suspended merchant',
      outcome: 'accepted',
      made: true,
      words: /^accepted$/,
    };
    const sent = async () => {
      const created = await app.ok('invoices:create', {
        order_id: `SUSP-${Date.now()}`,
        amount: '40',
        allow_card_payments: true,
      });
      app.sandbox.control.suspendMerchant(merchantId, true);
      const before = write.performed(app);
      const input = { code: (created.data as { code: string }).code };
      return { input, before, result: await app.call('invoices:card-order', input) };
    };
    table.add(await runWriteDrill(app, write, drill, sent));
  });
});

describe('fault drill: the withdrawal permission revoked', () => {
  it('withdrawal', async () => {
    const drill: WriteDrill = {
      drill: 'withdrawal permission revoked',
      arrange: (a) => {
        a.sandbox.control.setWithdrawalPermission(merchantId, false);
      },
      outcome: 'rejected',
      made: false,
      words:
        /^rejected: The payment service refused the request\. Its reason is in the technical detail below: change what it names, or contact the payment provider if it concerns the account\.$/,
    };
    table.add(await runWriteDrill(app, op('createWithdrawal'), drill));
  });
});

describe('fault drill: the wallet creation limit', () => {
  it('wallet', async () => {
    const client = withWrites(
      createApiClient({ baseUrl: app.sandbox.url, merchantId, apiKey: DEMO_MERCHANT.apiKey }),
    );
    for (let i = 0; i < WALLET_LIMIT; i++) {
      const made = await client.createWalletAddress({ coin: 'usdt', network: 'tron' });
      expect(made.outcome).toBe('accepted');
    }
    const drill: WriteDrill = {
      drill: `wallet limit (${WALLET_LIMIT} in 60 s)`,
      outcome: 'rejected',
      made: false,
      words:
        /^rejected: The payment service asked Merchant Desk to slow down\. Wait a moment, then try again\.$/,
    };
    table.add(await runWriteDrill(app, op('createWalletAddress'), drill));
  });
});

const CLOCK_WORDS =
  /^rejected: This computer’s clock differs too much from the service’s clock\. Set the system clock to update automatically, then try again\.$/;

describe('fault drill: a clock 10 minutes off', () => {
  it.each(SIGNED.map((o) => [o.label, o] as const))('%s', async (_label, write) => {
    // The desk measured the clock earlier (in step); then the service's clock moves 10 minutes on.
    await app.services.activeScope().rates.pollOnce();
    app.sandbox.control.advanceClock(10 * 60_000);
    const drill: WriteDrill = {
      drill: 'clock 10 minutes off (first write after the jump)',
      outcome: 'rejected',
      made: false,
      words: CLOCK_WORDS,
    };
    table.add(await runWriteDrill(app, write, drill));
    // The refusal's Date header measured the new offset: a withdrawal is now refused before sending,
    // the other writes are signed with the corrected time and go through.
    const again: WriteDrill =
      write.route === 'createWithdrawal'
        ? {
            drill: 'clock 10 minutes off (next write, offset known)',
            outcome: 'refused-before-sending',
            made: false,
            words: /^refused before sending: This computer’s clock differs too much/,
          }
        : {
            drill: 'clock 10 minutes off (next write, offset known)',
            outcome: 'accepted',
            made: true,
            words: /^accepted$/,
          };
    table.add(await runWriteDrill(app, write, again));
  });
});
