import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';
import { refusedPort } from '@test/helpers/ports';
import { createDrillTable } from './drill-table';
import { runWriteDrill, type WriteDrill } from './drill-run';
import { WRITE_OPERATIONS } from './write-operations';

/**
 * A refused connection: no byte of the request left the machine, so the write is definitely not
 * made (rejected, never unknown), and the words must not promise a retry the desk never makes.
 */
const table = createDrillTable('3-unreachable');
let app: AppHarness;

beforeEach(async () => {
  app = await startAppHarness();
});
afterEach(async () => {
  await app.dispose();
});
afterAll(() => table.write());

const WRITES = WRITE_OPERATIONS.filter((o) => o.route !== 'createProviderCardOrder');

describe('fault drill: the service refuses the connection (nothing sent)', () => {
  it.each(WRITES.map((o) => [o.label, o] as const))('%s', async (_label, write) => {
    const down = await app.ok('profiles:create', {
      name: 'Down',
      environment: 'sandbox',
      baseUrl: `http://127.0.0.1:${await refusedPort()}`,
      merchantId: 'down-merchant',
    });
    await app.ok('secrets:set', { profileId: down.id, apiKey: 'down-key-0123456789' });
    await app.ok('profiles:activate', { id: down.id });
    const drill: WriteDrill = {
      drill: 'connection refused (service down)',
      outcome: 'rejected',
      made: false,
      words:
        /^rejected: Merchant Desk cannot reach the payment service\. Nothing was sent\. Check the internet connection and the profile address in Settings, then try again\.$/,
    };
    const row = await runWriteDrill(app, write, drill);
    expect(row.journal).toBe('rejected');
    table.add(row);
  });
});
