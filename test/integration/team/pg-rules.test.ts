import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { JournalStore } from '@main/storage/port';
import type { BeginInput, Operation, ResolveInput } from '@main/storage/port/types';
import { openJournalStore } from '@main/storage/sqlite/journal-store';
import { kindOf } from '../../unit/storage/contract/harness';
import { describeWithPg } from '../../helpers/pg-team';
import { pgHarness } from './pg-harness';

/**
 * The rules the team ledger's functions hold in SQL have TypeScript twins on the single desk's SQLite
 * journal (fields.ts, entry-begin.ts, rules.ts, webhook-events.ts). The same cases run through both
 * stores here and must come out the same.
 */
const live = { profileId: 'p-live', environment: 'live' as const };
const body = (over: Record<string, unknown>) => ({ ...live, requestBody: over }) as BeginInput;
const w = (to: string, over: Record<string, unknown> = {}) =>
  body({ network: 'tron', coin: 'usdt', amount: '125.50', to_address: to, ...over });

const BODIES: [Operation, BeginInput][] = [
  ['createWithdrawal', body({ network: 'tron', coin: 'usdt', amount: '1' })],
  ['createWithdrawal', w('TB1', { amount: '1e5' })],
  ['createWithdrawal', w('TB2', { amount: '12.' })],
  ['createWithdrawal', w('TB3', { amount: '١٢' })],
  ['createWithdrawal', w('TB4', { coin: '' })],
  ['createWithdrawal', w('TB5', { coin: 5 })],
  ['createWithdrawal', w('TB6', { network: '  ' })],
  ['createInvoice', body({ amount: '5.00' })],
  ['createInvoice', body({ order_id: 'B-1', amount: '5.00' })],
  ['createWalletAddress', body({ coin: 'usdt' })],
  ['createWalletAddress', body({ coin: 'usdt', network: 'tron' })],
  ['createProviderCardOrder', body({})],
  ['createProviderCardOrder', { ...body({}), invoiceCode: 'CODE-1' }],
];

async function fields(store: JournalStore): Promise<string[]> {
  const out: string[] = [];
  for (const [operation, input] of BODIES) {
    let result: string;
    try {
      const e = (await store.get(await store.begin(operation, input)))!;
      result = JSON.stringify([e.orderId, e.coin, e.network, e.amount, e.toAddress, e.invoiceCode]);
    } catch (error) {
      result = String((error as { kind?: string }).kind);
    }
    out.push(`${operation} ${JSON.stringify(input.requestBody)} -> ${result}`);
  }
  return out;
}

async function settlements(store: JournalStore): Promise<string[]> {
  const out: string[] = [];
  const responses = [
    { status: 'processing' },
    { data: { status: 'processing' } },
    { status: 'pending' },
    undefined,
    { data: 'x' },
  ];
  for (const [i, response] of responses.entries()) {
    const id = await store.begin('createWithdrawal', w(`TS${i}`));
    out.push(
      `${JSON.stringify(response)} -> ${(await store.settle(id, { outcome: 'accepted', response })).settlement}`,
    );
  }
  return out;
}

/** A first withdrawal left in some state, then a second like it (or nearly): refused or recorded. */
async function duplicates(store: JournalStore): Promise<string[]> {
  const cases: [string, (id: number) => Promise<unknown>, Record<string, unknown>, 'live' | 'sandbox'][] = [
    ['sending, same', async () => {}, {}, 'live'],
    ['sending, 125.5', async () => {}, { amount: '125.5' }, 'live'],
    ['sending, other amount', async () => {}, { amount: '125.51' }, 'live'],
    ['sending, USDT/TRON and spaced address', async () => {}, { coin: 'USDT', network: 'TRON' }, 'live'],
    ['sending, sandbox', async () => {}, {}, 'sandbox'],
    ['rejected', (id) => store.settle(id, { outcome: 'rejected' }), {}, 'live'],
    ['unknown', (id) => store.settle(id, { outcome: 'unknown' }), {}, 'live'],
    ['accepted, pending', (id) => store.settle(id, { outcome: 'accepted' }), {}, 'live'],
    [
      'accepted, completed',
      async (id) => {
        await store.settle(id, { outcome: 'accepted', externalIds: { withdrawalId: `wd-dup-${id}` } });
        await store.applyWithdrawalEvent(`wd-dup-${id}`, 'withdrawal.success', {}, live.profileId);
      },
      {},
      'live',
    ],
  ];
  const out: string[] = [];
  for (const [i, [name, leave, over, environment]] of cases.entries()) {
    const to = `TDup${i}Addr`;
    await leave(await store.begin('createWithdrawal', w(to)));
    const spaced = over.coin ? ` ${to.toLowerCase()} ` : to;
    const second = {
      ...w(spaced, over),
      environment,
      profileId: environment === 'live' ? 'p-live' : 'sandbox',
    };
    out.push(`${name} -> ${await kindOf(store.begin('createWithdrawal', second))}`);
  }
  return out;
}

async function resolutions(store: JournalStore): Promise<string[]> {
  const unknown = async (operation: Operation, input: BeginInput) => {
    const id = await store.begin(operation, input);
    await store.settle(id, { outcome: 'unknown' });
    return id;
  };
  const cases: [string, Operation, BeginInput, ResolveInput][] = [
    [
      'person, no reason',
      'createInvoice',
      body({ order_id: 'R-1', amount: '1' }),
      { by: 'person', performed: false, reason: '' },
    ],
    [
      'webhook, performed',
      'createWithdrawal',
      w('TR1'),
      {
        by: 'evidence',
        performed: true,
        reason: '',
        evidence: { kind: 'webhook', event: 'withdrawal.success' },
      },
    ],
    [
      'webhook, not performed',
      'createWithdrawal',
      w('TR2'),
      {
        by: 'evidence',
        performed: false,
        reason: '',
        evidence: { kind: 'webhook', event: 'withdrawal.failed' },
      },
    ],
    [
      'no evidence',
      'createInvoice',
      body({ order_id: 'R-2', amount: '1' }),
      { by: 'evidence', performed: true, reason: '' },
    ],
    [
      'order id accepted, same',
      'createInvoice',
      body({ order_id: 'R-3', amount: '1' }),
      {
        by: 'evidence',
        performed: false,
        reason: '',
        evidence: { kind: 'order-id-accepted', orderId: 'R-3', entryId: 1 },
      },
    ],
    [
      'order id accepted, other',
      'createInvoice',
      body({ order_id: 'R-4', amount: '1' }),
      {
        by: 'evidence',
        performed: false,
        reason: '',
        evidence: { kind: 'order-id-accepted', orderId: 'R-x', entryId: 1 },
      },
    ],
    [
      'order id conflict',
      'createInvoice',
      body({ order_id: 'R-5', amount: '1' }),
      {
        by: 'evidence',
        performed: true,
        reason: 'x',
        evidence: { kind: 'order-id-conflict', orderId: 'R-5' },
      },
    ],
    [
      'invoice lookup on a withdrawal',
      'createWithdrawal',
      w('TR3'),
      { by: 'evidence', performed: true, reason: '', evidence: { kind: 'invoice-lookup', invoiceCode: 'C' } },
    ],
    [
      'invoice lookup on a card order',
      'createProviderCardOrder',
      { ...body({}), invoiceCode: 'C-9' },
      {
        by: 'evidence',
        performed: true,
        reason: '',
        evidence: { kind: 'invoice-lookup', invoiceCode: 'C-9' },
      },
    ],
  ];
  const out: string[] = [];
  for (const [name, operation, input, resolution] of cases) {
    const id = await unknown(operation, input);
    let result: string;
    try {
      const e = await store.resolve(id, resolution);
      result = `${e.state} ${e.settlement} ${e.resolution?.reason}`;
    } catch (error) {
      result = String((error as { kind?: string }).kind);
    }
    out.push(`${name} -> ${result}`);
  }
  return out;
}

async function webhooks(store: JournalStore): Promise<string[]> {
  const id = await store.begin('createWithdrawal', w('TW1'));
  await store.settle(id, { outcome: 'accepted', externalIds: { withdrawalId: 'wd-w1' } });
  const out: string[] = [];
  for (const event of [
    'withdrawal.in_progress',
    'withdrawal.success',
    'withdrawal.in_progress',
    'withdrawal.failed',
  ] as const)
    out.push(
      `${event} -> ${JSON.stringify(await store.applyWithdrawalEvent('wd-w1', event, {}))} ${(await store.get(id))?.settlement}`,
    );
  const inv = await store.begin('createInvoice', body({ order_id: 'W-1', amount: '3' }));
  out.push(
    `invoice sending -> ${JSON.stringify(await store.applyInvoiceEvent({ ...live, orderId: 'W-1' }, 'invoice.paid', {}))}`,
  );
  await store.settle(inv, { outcome: 'accepted', externalIds: { invoiceCode: 'IC-1' } });
  for (const event of ['invoice.expired', 'invoice.paid'] as const)
    out.push(
      `${event} -> ${JSON.stringify(await store.applyInvoiceEvent({ ...live, invoiceCode: 'IC-1' }, event, {}))}`,
    );
  // Key order is no rule: results are compared by their members.
  return out.map((line) =>
    line.replace(/\{[^{}]*\}/, (json) => {
      const value = JSON.parse(json) as Record<string, unknown>;
      return JSON.stringify({ ...value, entryId: 'n' }, Object.keys(value).sort());
    }),
  );
}

describeWithPg('the rules agree: SQL on the team ledger and TypeScript on a single desk', (cluster) => {
  let dir: string;
  let sqlite: JournalStore;
  let team: Awaited<ReturnType<typeof pgHarness>>;
  let pg: JournalStore;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'md-rules-'));
    sqlite = openJournalStore(join(dir, 'journal.sqlite'), {
      deskId: 'desk-00000000-0000-4000-8000-0000000000aa',
    });
    team = await pgHarness(cluster());
    pg = await team.open('desk-00000000-0000-4000-8000-0000000000aa');
  });
  afterEach(async () => {
    await sqlite.close();
    await team.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['key fields read from the body, and what is refused', fields],
    ["a withdrawal's first settlement from its answer", settlements],
    ['the duplicate guard', duplicates],
    ['resolving an unknown entry', resolutions],
    ['webhooks: once, and a final status never overwritten', webhooks],
  ])('%s', async (_name, run) => {
    const single = await run(sqlite);
    const shared = await run(pg);
    expect(shared).toEqual(single);
    // The cases are not all alike: each group has outcomes of more than one kind.
    expect(new Set(single.map((line) => line.split(' -> ')[1])).size).toBeGreaterThan(1);
  });
});
