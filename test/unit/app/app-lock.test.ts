import { describe, expect, it } from 'vitest';
import { createAppLock } from '@main/app/app-lock';
import { createConfirmStandIn } from '@test/helpers/confirm-stand-in';

function setup() {
  const clock = { ms: 0, idle: 0 };
  const confirmations = createConfirmStandIn();
  const changes: unknown[] = [];
  const lock = createAppLock({
    idleSeconds: () => clock.idle,
    idleMinutes: () => 10,
    confirm: confirmations.confirm,
    onChange: (state) => changes.push(state),
    now: () => clock.ms,
  });
  return { clock, confirmations, changes, lock };
}

describe('the app lock', () => {
  it('locks once the system has been idle for the set minutes, and says so once', () => {
    const { clock, changes, lock } = setup();
    clock.idle = 599;
    expect(lock.state().locked).toBe(false);
    clock.idle = 600;
    expect(lock.state().locked).toBe(true);
    expect(lock.state().locked).toBe(true);
    expect(changes).toEqual([{ locked: true, idleMinutes: 10 }]);
  });

  it('guards main’s confirmation: refused while locked, asked as before once unlocked', async () => {
    const { clock, confirmations, lock } = setup();
    const guarded = lock.guard(confirmations.confirm);
    const request = { title: 'Send this live withdrawal?', lines: [], confirmLabel: 'Send' };
    lock.lock();
    await expect(guarded(request)).rejects.toMatchObject({ kind: 'desk-locked' });
    expect(confirmations.shown).toEqual([]);
    clock.ms = 1_000_000;
    clock.idle = 3600;
    await lock.unlock();
    expect(confirmations.shown.map((r) => r.title)).toEqual(['Unlock Merchant Desk?']);
    // An hour of idle time before the unlock does not count; ten minutes after it do.
    expect(await guarded(request)).toBe('accepted');
    clock.ms += 600_000;
    expect(lock.state().locked).toBe(true);
  });

  it('a declined unlock leaves the desk locked', async () => {
    const { confirmations, lock } = setup();
    lock.lock();
    confirmations.decline();
    await expect(lock.unlock()).rejects.toMatchObject({ kind: 'declined-in-main' });
    expect(lock.state().locked).toBe(true);
  });
});
