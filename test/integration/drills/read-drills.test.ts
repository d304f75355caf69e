import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorInfo } from '@contract';
import type { FaultSpec } from '@main/sandbox/faults';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';
import { createDrillTable } from './drill-table';
import { withFastClock } from './fast-clock';
import { plainWords } from './write-operations';

/**
 * The reads under the same faults. Reads are retried with bounded backoff (three attempts), so a
 * fault that lasts fewer attempts is invisible; the drills below last five, so the person sees the
 * failure, and the table says how many requests the desk made before giving up.
 */
const table = createDrillTable('4-reads');
let app: AppHarness;
let invoiceCode: string;
let walletId: string;

interface ReadOperation {
  label: string;
  route: string;
  /** The error the person is shown, or null when the read succeeded. */
  read(app: AppHarness): Promise<ErrorInfo | null>;
}

const ipcError = (result: { ok: boolean; error?: ErrorInfo }) => (result.ok ? null : result.error!);

const READS: ReadOperation[] = [
  {
    label: 'balances',
    route: 'getMerchantBalances',
    read: async (a) => ipcError(await a.call('balances:get')),
  },
  { label: 'fees', route: 'getMerchantFees', read: async (a) => ipcError(await a.call('fees:get')) },
  {
    label: 'invoice lookup',
    route: 'getInvoice',
    read: async (a) => ipcError(await a.call('invoices:get', { code: invoiceCode })),
  },
  {
    label: 'wallet QR code',
    route: 'getWalletQrCode',
    read: async (a) => ipcError(await a.call('wallets:qr', { walletId })),
  },
  {
    label: 'rates',
    route: 'getCoinRates',
    read: async (a) => {
      await a.services.activeScope().rates.pollOnce();
      return (await a.ok('rates:snapshot')).error;
    },
  },
];

interface ReadDrill {
  drill: string;
  fault: FaultSpec;
  count: number;
  words: RegExp | null;
  /** How many of the desk's requests met the fault (reads are retried up to three times). */
  attempts: number;
}

const GONE = /^Merchant Desk cannot reach the payment service\. /;
const READ_DRILLS: ReadDrill[] = [
  { drill: '500 once', fault: { kind: 'error500' }, count: 1, words: null, attempts: 1 },
  {
    drill: '500',
    fault: { kind: 'error500' },
    count: 5,
    words: /^The payment service reported an internal error on its side\./,
    attempts: 3,
  },
  {
    drill: '502 with an HTML body',
    fault: { kind: 'bad-gateway-html' },
    count: 5,
    words: /^The payment service is not available: a gateway in front of it answered with an error page\./,
    attempts: 3,
  },
  {
    drill: '429 with retry_after 2 s (within the wait the desk accepts)',
    fault: { kind: 'throttle', retryAfter: 2 },
    count: 1,
    words: null,
    attempts: 1,
  },
  {
    drill: '429 with retry_after 30 s (longer than the desk waits)',
    fault: { kind: 'throttle', retryAfter: 30 },
    count: 5,
    words: /^The payment service asked Merchant Desk to slow down\. It will be ready again in about 30 s\.$/,
    attempts: 1,
  },
  {
    drill: '429 without retry_after',
    fault: { kind: 'throttle' },
    count: 5,
    words: /^The payment service asked Merchant Desk to slow down\. Wait a moment, then try again\.$/,
    attempts: 3,
  },
  { drill: 'connection dropped', fault: { kind: 'drop-before' }, count: 5, words: GONE, attempts: 3 },
  {
    drill: 'latency beyond the 15 s timeout',
    fault: { kind: 'latency', ms: 20_000 },
    count: 5,
    words: GONE,
    attempts: 3,
  },
  {
    drill: '2xx whose body is not JSON',
    fault: { kind: 'non-json-2xx' },
    count: 5,
    words: /^The payment service sent an answer Merchant Desk could not read\./,
    // A 2xx is an answer: the read is not repeated for it.
    attempts: 1,
  },
];

/** A fresh desk and sandbox per drill, so what one fault leaves behind cannot colour the next. */
async function freshApp(): Promise<void> {
  app = await startAppHarness();
  const invoice = await app.ok('invoices:create', { order_id: 'READ-DRILLS', amount: '30' });
  invoiceCode = (invoice.data as { code: string }).code;
  const wallet = await app.ok('wallets:create', { coin: 'usdt', network: 'tron' });
  walletId = /\/wallet-addresses\/([^/]+)\/qr/.exec(
    (wallet.data as { qr_code_url: string }).qr_code_url,
  )![1]!;
}
afterAll(() => table.write());

describe.each(READ_DRILLS)('read drill: $drill', (drill) => {
  beforeAll(freshApp);
  afterAll(() => app.dispose());

  it.each(READS.map((r) => [r.label, r] as const))('%s', async (_label, op) => {
    app.sandbox.control.clearFaults();
    app.sandbox.control.injectFault(op.route, drill.fault, drill.count);
    const error = await withFastClock(() => op.read(app));
    const left = app.sandbox.control.faults().reduce((n, f) => n + f.remaining, 0);
    app.sandbox.control.clearFaults();
    const attempts = drill.count - left;
    expect(attempts, 'requests that met the fault').toBe(drill.attempts);
    const saw = error ? plainWords(error) : 'nothing: the retry got the answer';
    if (drill.words) expect(saw).toMatch(drill.words);
    else expect(error).toBeNull();
    // The next read, with the fault gone, shows the answer again.
    const after = await withFastClock(() => op.read(app));
    expect(after, JSON.stringify(after)).toBeNull();
    table.add({
      drill: `${drill.drill} (read)`,
      operation: op.label,
      saw,
      journal: '— (reads are not journaled)',
      repeated: 0,
      lost: 0,
      resolvedBy: error
        ? `gave up after ${attempts} request${attempts === 1 ? '' : 's'}; the next read answered`
        : `the desk's own retry (${attempts} faulted request${attempts === 1 ? '' : 's'} first)`,
    });
  });
});

describe('read drill: a clock 10 minutes off', () => {
  beforeAll(freshApp);
  afterAll(() => app.dispose());

  const SIGNED_READS = READS.filter(
    (r) => r.route === 'getMerchantBalances' || r.route === 'getMerchantFees',
  );
  it.each(SIGNED_READS.map((r) => [r.label, r] as const))('%s', async (_label, op) => {
    // Measured in step first; then the service's clock jumps 10 minutes: the signed timestamp is stale.
    expect(await op.read(app)).toBeNull();
    app.sandbox.control.advanceClock(10 * 60_000);
    const error = await withFastClock(() => op.read(app));
    // The refusal's Date header gives the new offset; a read is safe to sign again with it at once.
    expect(error, JSON.stringify(error)).toBeNull();
    table.add({
      drill: 'clock 10 minutes off (read, first after the jump)',
      operation: op.label,
      saw: 'nothing: the read was signed again with the measured offset',
      journal: '— (reads are not journaled)',
      repeated: 0,
      lost: 0,
      resolvedBy: 'the Date header of the refusal (clock offset), one immediate re-signed attempt',
    });
  });
});
