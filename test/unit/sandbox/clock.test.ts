import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '@main/sandbox/index';
import {
  ALICE,
  controlRequest,
  createTestInvoice,
  publicRequest,
  signedRequest,
  START,
  startTestSandbox,
} from '@test/helpers/sandbox-request';

const DAY = 86_400_000;
const open: RunningSandbox[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
async function sandbox(options: Parameters<typeof startTestSandbox>[0] = {}): Promise<RunningSandbox> {
  const sb = await startTestSandbox(options);
  open.push(sb);
  return sb;
}
const dateOf = async (sb: RunningSandbox) =>
  Date.parse((await publicRequest(sb, 'GET', '/v1/get-coin-rate')).headers.get('date') ?? '');
const invoiceStatus = async (sb: RunningSandbox, code: string) =>
  ((await publicRequest(sb, 'GET', `/v1/invoices/${code}`)).json as { data: { invoice: { status: string } } })
    .data.invoice.status;

describe('the Sandbox clock: a jump of simulated time', () => {
  it('runs the state machines a day on, while the Date header and the timestamp check stay with the real time', async () => {
    const sb = await sandbox();
    const code = await createTestInvoice(sb, { order_id: 'day', amount: '10' });
    expect(sb.control.jumpClock(DAY)).toEqual({
      now: new Date(START + DAY).toISOString(),
      ms: START + DAY,
      jumpedMs: DAY,
    });
    // The invoice's 24 hours ran out in the Sandbox's time…
    expect(await invoiceStatus(sb, code)).toBe('expired');
    // …but the service's clock on the wire did not move: a client measures no skew from it,
    expect(await dateOf(sb)).toBe(START);
    // and a request signed with the real time is accepted (not "Timestamp expired").
    const signed = await signedRequest(sb, 'GET', '/v1/merchants/balances', undefined, {
      timestamp: String(Math.floor(START / 1000)),
    });
    expect(signed.status, signed.text).toBe(200);
  });

  it('goes back (never behind the real time) and back to the real time', async () => {
    const sb = await sandbox();
    sb.control.jumpClock(3 * DAY);
    expect(sb.control.jumpClock(-DAY).jumpedMs).toBe(2 * DAY);
    expect(() => sb.control.jumpClock(-3 * DAY)).toThrow(/cannot go back further than the real time/);
    expect(sb.control.clock().jumpedMs).toBe(2 * DAY);
    expect(sb.control.clockToNow()).toMatchObject({ ms: START, jumpedMs: 0 });
    // Over the control API too: a negative jump and "now".
    await controlRequest(sb, 'POST', '/clock/jump', { ms: 3_600_000 });
    const back = await controlRequest(sb, 'POST', '/clock/jump', { ms: -1_800_000 });
    expect(back.json).toMatchObject({ data: { jumpedMs: 1_800_000 } });
    const tooFar = await controlRequest(sb, 'POST', '/clock/jump', { ms: -3_600_000 });
    expect(tooFar.status).toBe(409);
    const now = await controlRequest(sb, 'POST', '/clock/now');
    expect(now.json).toMatchObject({ data: { ms: START, jumpedMs: 0 } });
  });

  it('is undone by a reset, with the state back to the start', async () => {
    const sb = await sandbox();
    const code = await createTestInvoice(sb, { order_id: 'gone', amount: '10' });
    sb.control.jumpClock(DAY);
    sb.control.reset();
    expect(sb.control.clock().jumpedMs).toBe(0);
    expect(sb.control.now()).toBe(START);
    expect((await publicRequest(sb, 'GET', `/v1/invoices/${code}`)).status).toBe(404);
    expect(sb.control.merchant(ALICE.id).balances).toMatchObject({ 'usdt:tron': { balance: '1000' } });
  });

  it('survives a restart as a jump, and an older file’s lead over the real time becomes one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-clock-'));
    dirs.push(dir);
    const dataFile = join(dir, 'state.json');
    const first = await startTestSandbox({ dataFile });
    first.control.jumpClock(DAY);
    await first.close();
    const second = await sandbox({ dataFile });
    expect(second.control.clock()).toMatchObject({ ms: START + DAY, jumpedMs: DAY });
    expect(await dateOf(second)).toBe(START);
    await second.close();
    open.splice(open.indexOf(second), 1);

    // Saved before the jump was kept apart: only clockNow, a day ahead of this computer.
    const saved = JSON.parse(readFileSync(dataFile, 'utf8')) as Record<string, unknown>;
    delete saved.clockJumpedMs;
    writeFileSync(dataFile, JSON.stringify(saved));
    const third = await sandbox({ dataFile });
    expect(third.control.clock()).toMatchObject({ ms: START + DAY, jumpedMs: DAY });
    expect(await dateOf(third)).toBe(START);
  });
});
