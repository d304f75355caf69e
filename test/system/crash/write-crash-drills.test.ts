import { rmSync } from 'node:fs';
import type { InvokeChannel, JournalEntry as JournalEntryView, RequestOf } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhookBody } from '@main/protocol/signing';
import type { RunningSandbox } from '@main/sandbox';
import { crashDataDir, startCrashDesk, okOf, type CrashDesk } from '@test/helpers/crash-desk';
import { startCrashProxy, type CrashProxy } from '@test/helpers/crash-proxy';
import { writeDrillRows, type DrillRow } from '@test/helpers/crash-report';
import { startTestSandbox } from '@test/helpers/sandbox-request';

/**
 * Crash drills: the desk (the app's real services, in a child process) is killed with SIGKILL at each
 * step of a withdrawal, an invoice and a wallet creation, then started again on the same data folder.
 * The service is a sandbox in this process, behind a proxy that decides what the network does.
 * One desk process is both the restart of one drill and the victim of the next, to keep this fast.
 */
// Each drill starts a process; on a busy 2-core machine one start can take several seconds.
const DRILL_TIMEOUT_MS = 60_000;
const MERCHANT = { id: 'crash', apiKey: 'crash-key-0123456789' };
const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
type Step = 'before-intent' | 'intent-committed' | 'in-flight' | 'committed' | 'answer-received';
const STEPS: Array<{ step: Step; label: string; performed: boolean }> = [
  { step: 'before-intent', label: 'before the intent is committed', performed: false },
  { step: 'intent-committed', label: 'after the intent is committed', performed: false },
  { step: 'in-flight', label: 'request in flight (service never read it)', performed: false },
  { step: 'committed', label: 'service committed, answer not yet back', performed: true },
  { step: 'answer-received', label: 'answer received, not yet recorded', performed: true },
];

interface Drill {
  name: string;
  channel: InvokeChannel;
  path: string;
  request: (n: number) => unknown;
  /** How many of these the service has performed for the merchant. */
  performed: (sandbox: RunningSandbox) => number;
  /** Brings the evidence and returns the entry as the screen then shows it, and in words what did it. */
  resolve: (ctx: Ctx, entry: JournalEntryView, performed: boolean) => Promise<[JournalEntryView, string]>;
}
interface Ctx {
  desk: CrashDesk;
  sandbox: RunningSandbox;
}

const list = async (desk: CrashDesk) =>
  okOf(await desk.call('journal:list', { limit: 100 })).entries as JournalEntryView[];
const entryOf = async (desk: CrashDesk, id: string) => (await list(desk)).find((e) => e.id === id)!;

const DRILLS: Drill[] = [
  {
    name: 'withdrawal',
    channel: 'withdrawals:create',
    path: '/v1/withdrawals',
    // A different amount each time: an unknown withdrawal to the same address and amount blocks a new one.
    request: (n) => ({ coin: 'usdt', network: 'tron', amount: String(10 + n), to_address: ADDRESS }),
    performed: (sb) => sb.control.withdrawals(MERCHANT.id).length,
    async resolve({ desk, sandbox }, entry, performed) {
      if (!performed) return [entry, 'nothing can: no webhook ever comes; a person resolves it'];
      // The one this drill's desk sent: the newest.
      const id = String(sandbox.control.withdrawals(MERCHANT.id).at(-1)!.withdrawal_id);
      sandbox.control.completeWithdrawal(id);
      const delivery = sandbox.control
        .deliveries(MERCHANT.id)
        .filter((d) => d.body.includes(id))
        .at(-1)!;
      const imported = okOf(
        await desk.call('webhooks:import', {
          kind: 'single',
          rawBody: delivery.body,
          signature: signWebhookBody(delivery.body, MERCHANT.apiKey),
        }),
      );
      // A verified event that describes exactly one unknown withdrawal resolves it on arrival.
      expect(imported.deliveries[0]).toMatchObject({ verified: true, appliedTo: entry.id });
      const resolved = await entryOf(desk, entry.id);
      expect(resolved.externalIds).toMatchObject({ withdrawalId: id });
      return [resolved, 'the completion webhook (matched on arrival)'];
    },
  },
  {
    name: 'invoice',
    channel: 'invoices:create',
    path: '/v1/invoices',
    request: (n) => ({ order_id: `crash-${n}`, amount: '25' }),
    performed: (sb) =>
      Object.values(sb.control.state().invoices).filter((i) => i.merchantId === MERCHANT.id).length,
    async resolve({ desk }, entry) {
      const resolved = okOf(await desk.call('journal:check-invoice', { id: entry.id }));
      return [resolved, 'journal:check-invoice (re-submission: 409 = exists, accepted = was not)'];
    },
  },
  {
    name: 'wallet',
    channel: 'wallets:create',
    path: '/v1/wallet-address',
    request: () => ({ coin: 'usdt', network: 'tron' }),
    performed: (sb) => sb.control.wallets(MERCHANT.id).length,
    async resolve(_ctx, entry) {
      return [entry, 'no evidence exists (the API lists no wallets); a person resolves it'];
    },
  },
];

let dataDir: string;
let sandbox: RunningSandbox;
let proxy: CrashProxy;
let desk: CrashDesk;
const rows: DrillRow[] = [];

beforeAll(async () => {
  dataDir = crashDataDir();
  sandbox = await startTestSandbox({ startTime: Date.now() });
  sandbox.control.addMerchant({ ...MERCHANT, allowWithdrawals: true, balances: { 'usdt:tron': '5000' } });
  proxy = await startCrashProxy(sandbox.url);
  desk = await startCrashDesk(dataDir);
  const profile = okOf(
    await desk.call('profiles:create', {
      name: 'Crash drills',
      environment: 'sandbox',
      baseUrl: proxy.url,
      merchantId: MERCHANT.id,
    } as RequestOf<'profiles:create'>),
  );
  okOf(await desk.call('secrets:set', { profileId: profile.id, apiKey: MERCHANT.apiKey }));
  okOf(await desk.call('profiles:activate', { id: profile.id }));
}, DRILL_TIMEOUT_MS);

afterAll(async () => {
  await desk?.close();
  await proxy?.close();
  await sandbox?.close();
  rmSync(dataDir, { recursive: true, force: true });
  writeDrillRows('write-crash-drills', rows);
});

describe.each(DRILLS)('a $name killed at each step', (drill) => {
  it.each(STEPS.map((s, n) => ({ ...s, n })))(
    '$label: nothing lost, nothing sent twice, the truth shown, the evidence resolves it',
    async ({ step, label, performed, n }) => {
      const before = { entries: (await list(desk)).length, performed: drill.performed(sandbox) };
      const forwardedBefore = proxy.forwarded.length;
      const victim = desk;
      if (step === 'in-flight' || step === 'committed')
        proxy.hold('POST', drill.path, step, () => victim.kill());
      else await victim.stopAt(step);
      void victim.call(drill.channel, drill.request(n) as never);
      if (step !== 'in-flight' && step !== 'committed') {
        expect(await victim.checkpoint).toBe(step);
        await victim.kill();
      }
      expect(await victim.exited).toBe('SIGKILL');

      desk = await startCrashDesk(dataDir);
      // The restarted desk answers a read only after its start-up, recovery included, has run: the
      // one place a stray resend could come from. Counted after that answer, there must be none.
      const entries = await list(desk);
      const sent = proxy.forwarded.length - forwardedBefore;
      const performedNow = drill.performed(sandbox) - before.performed;
      expect(performedNow).toBe(performed ? 1 : 0);
      expect(sent).toBe(performed ? 1 : 0);
      if (step === 'before-intent') {
        // Nothing recorded and nothing sent: the person sees no entry and tries again.
        expect(entries).toHaveLength(before.entries);
        rows.push({
          drill: drill.name,
          step: label,
          saw: 'no entry (nothing was sent)',
          repeated: 0,
          lost: 0,
          resolvedBy: 'not needed',
        });
        return;
      }
      expect(entries).toHaveLength(before.entries + 1);
      const entry = entries[0]!;
      expect(entry).toMatchObject({ operation: expect.any(String), state: 'unknown' });
      const [after, how] = await drill.resolve({ desk, sandbox }, entry, performed);
      if (drill.name === 'wallet' || (drill.name === 'withdrawal' && !performed)) {
        expect(after.state).toBe('unknown');
      } else {
        expect(after.state).toBe(performed ? 'resolved-performed' : 'resolved-not-performed');
      }
      // The check may create the invoice now (it had not been); never a second one.
      expect(drill.performed(sandbox) - before.performed).toBeLessThanOrEqual(1);
      rows.push({
        drill: drill.name,
        step: label,
        saw: `entry #${entry.id} unknown → ${after.state}`,
        repeated: Math.max(0, drill.performed(sandbox) - before.performed - 1),
        lost: 0,
        resolvedBy: how,
      });
    },
    DRILL_TIMEOUT_MS,
  );
});
