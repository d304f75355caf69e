import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '../../helpers/app-harness';
import { createDrillTable } from './drill-table';
import { fundDemoMerchant, runWriteDrill, type WriteDrill } from './drill-run';
import { WRITE_OPERATIONS } from './write-operations';

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
