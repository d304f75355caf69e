import { afterEach, describe, expect, it } from 'vitest';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';

// Found by the soak: after a write made while this computer's clock was 10 minutes off, the clock
// was right again, yet every withdrawal was refused with "about 10 minutes off" until some other
// request happened to measure the clock again. The person who fixed the clock and tried again, as
// the message asks, was refused again.
const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const TEN_MINUTES = 10 * 60_000;
const realNow = Date.now.bind(Date);
let offsetMs = 0;
let app: AppHarness | undefined;

afterEach(async () => {
  await app?.dispose();
  Date.now = realNow;
  offsetMs = 0;
});

describe('a withdrawal after the computer clock was put right', () => {
  it('is sent once the clock is right again, not refused on the old measurement', async () => {
    // The client keeps Date.now as its clock from the start: install the adjustable one first.
    Date.now = () => realNow() + offsetMs;
    app = await startAppHarness();
    offsetMs = -TEN_MINUTES;
    const refused = await app.call('withdrawals:create', {
      coin: 'usdt',
      network: 'tron',
      amount: '10',
      to_address: ADDRESS,
    });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'clock-skew' } });

    offsetMs = 0;
    const sent = await app.ok('withdrawals:create', {
      coin: 'usdt',
      network: 'tron',
      amount: '11',
      to_address: ADDRESS,
    });
    expect(sent.outcome).toBe('accepted');
    expect(app.sandbox.control.withdrawals()).toHaveLength(1);
  });

  it('is still refused, before anything is sent, while the clock is off', async () => {
    Date.now = () => realNow() + offsetMs;
    app = await startAppHarness();
    offsetMs = TEN_MINUTES;
    for (const amount of ['10', '11']) {
      const refused = await app.call('withdrawals:create', {
        coin: 'usdt',
        network: 'tron',
        amount,
        to_address: ADDRESS,
      });
      expect(refused).toMatchObject({ ok: false, error: { kind: 'clock-skew' } });
    }
    expect(app.sandbox.control.withdrawals()).toHaveLength(0);
    expect((await app.ok('journal:list', { limit: 10 })).entries).toHaveLength(0);
  });
});
