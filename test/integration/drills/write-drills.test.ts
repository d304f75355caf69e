import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';
import { createDrillTable } from './drill-table';
import { fundDemoMerchant, runWriteDrill, type WriteDrill } from './drill-run';
import { WRITE_OPERATIONS, type Sent } from './write-operations';
import { withFastClock } from './fast-clock';

/**
 * Issue 13's network and HTTP faults, one row per fault and write, through the app's real services.
 * A 5xx (HTML or not) and any lost answer are unknown: the service may have acted. A 429 is a refusal.
 */
const UNKNOWN_WORDS = /^unknown: The outcome is unknown: it may have been performed\. /;

export const NETWORK_DRILLS: WriteDrill[] = [
  { drill: '500', fault: { kind: 'error500' }, outcome: 'unknown', made: false, words: UNKNOWN_WORDS },
  {
    drill: '502 with an HTML body',
    fault: { kind: 'bad-gateway-html' },
    outcome: 'unknown',
    made: false,
    words: UNKNOWN_WORDS,
  },
  {
    drill: '429 with retry_after',
    fault: { kind: 'throttle', retryAfter: 30 },
    outcome: 'rejected',
    made: false,
    words:
      /^rejected: The payment service asked Merchant Desk to slow down\. It will be ready again in about 30 s\.$/,
  },
  {
    drill: '429 without retry_after',
    fault: { kind: 'throttle' },
    outcome: 'rejected',
    made: false,
    words:
      /^rejected: The payment service asked Merchant Desk to slow down\. Wait a moment, then try again\.$/,
  },
  {
    drill: 'connection dropped before the commit',
    fault: { kind: 'drop-before' },
    outcome: 'unknown',
    made: false,
    words: UNKNOWN_WORDS,
  },
  {
    drill: 'connection dropped after the commit',
    fault: { kind: 'drop-after' },
    outcome: 'unknown',
    made: true,
    words: UNKNOWN_WORDS,
  },
  {
    drill: '2xx whose body is not JSON (after the commit)',
    fault: { kind: 'non-json-2xx' },
    outcome: 'unknown',
    made: true,
    words: UNKNOWN_WORDS,
  },
];

const table = createDrillTable('1-network');
let app: AppHarness;

beforeAll(async () => {
  app = await startAppHarness();
  await fundDemoMerchant(app);
});
afterEach(() => app.sandbox.control.clearFaults());
afterAll(async () => {
  await app.dispose();
  table.write();
});

describe.each(NETWORK_DRILLS)('fault drill: $drill', (drill) => {
  it.each(WRITE_OPERATIONS.map((op) => [op.label, op] as const))('%s', async (_label, op) => {
    const row = await runWriteDrill(app, op, drill);
    expect(row.repeated).toBe(0);
    expect(row.lost).toBe(0);
    table.add(row);
  });
});

describe('fault drill: latency beyond the client timeout', () => {
  it.each(WRITE_OPERATIONS.map((op) => [op.label, op] as const))('%s', async (_label, op) => {
    const drill: WriteDrill = {
      drill: 'latency beyond the 15 s timeout (the write lands after)',
      fault: { kind: 'latency', ms: 20_000 },
      outcome: 'unknown',
      made: true,
      words: /^unknown: The outcome is unknown: it may have been performed\. /,
    };
    // The answer is given up at 15 s; the sandbox performs it at 20 s: wait for that before counting.
    let sent: Sent | undefined;
    const send = async () =>
      (sent = await withFastClock(
        () => op.send(app),
        (s) => op.performed(app) > s.before,
      ));
    const row = await runWriteDrill(app, op, drill, send);
    expect([row.repeated, row.lost]).toEqual([0, 0]);
    // It was the client's own deadline that gave up, not some other failure.
    expect(sent?.result).toMatchObject({
      ok: true,
      data: { error: { kind: 'transport', details: { cause: 'timeout' } } },
    });
    table.add(row);
  });
});
