import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Toast } from '@shared/domain/notifications';
import {
  createNotifier,
  describeNotice,
  noticeChannel,
  notifiableKind,
  type EntryFacts,
} from '@main/app/notifications';
import { openAppSettings } from '@main/services/app-settings';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';

const FACTS: EntryFacts = {
  environment: 'live',
  coin: 'usdt',
  network: 'tron',
  amount: '4200.50',
  withdrawalId: 'wd_42',
  orderId: null,
  invoiceCode: null,
};

function setup(opts: { enabled?: boolean; focused?: boolean; desktop?: boolean; shows?: boolean } = {}) {
  const toasts: Toast[] = [];
  const shown: Array<{ title: string; body: string }> = [];
  const notifier = createNotifier({
    settings: () => ({ enabled: opts.enabled ?? true }),
    ...(opts.desktop === false
      ? {}
      : {
          desktop: {
            isWindowFocused: () => opts.focused ?? false,
            show: (notice) => (shown.push(notice), opts.shows ?? true),
          },
        }),
    emit: (_channel, toast) => toasts.push(toast),
    entry: async () => FACTS,
    networkName: () => 'TRON (TRC-20)',
  });
  const fire = (event: string) => notifier.onApplied({ profileId: 'p', event, entryId: '7', payload: {} });
  return { toasts, shown, fire };
}

describe('which events notify', () => {
  it('a completed or failed withdrawal and a paid invoice; nothing else', async () => {
    expect(notifiableKind('withdrawal.success')).toBe('withdrawal-completed');
    expect(notifiableKind('withdrawal.failed')).toBe('withdrawal-failed');
    expect(notifiableKind('invoice.paid')).toBe('invoice-paid');
    for (const quiet of ['withdrawal.in_progress', 'invoice.expired', 'aml.rejected.invoice', 'test.webhook'])
      expect(notifiableKind(quiet)).toBeNull();
    const { toasts, shown, fire } = setup();
    await fire('withdrawal.in_progress');
    await fire('test.webhook');
    expect([...toasts, ...shown]).toEqual([]);
  });
});

describe('where a notice goes', () => {
  it('follows the setting, the focus and whether the system has notifications', async () => {
    expect(noticeChannel({ enabled: false, desktopAvailable: true, focused: false })).toBe('none');
    expect(noticeChannel({ enabled: true, desktopAvailable: true, focused: false })).toBe('desktop');
    expect(noticeChannel({ enabled: true, desktopAvailable: true, focused: true })).toBe('toast');
    expect(noticeChannel({ enabled: true, desktopAvailable: false, focused: false })).toBe('toast');
  });

  it('the window elsewhere: a system notification, no toast', async () => {
    const { toasts, shown, fire } = setup({ focused: false });
    await fire('withdrawal.success');
    expect(shown).toEqual([
      { title: 'Withdrawal completed · LIVE', body: '4200.50 USDT · TRON (TRC-20) sent (wd_42).' },
    ]);
    expect(toasts).toEqual([]);
  });

  it('the window in front: a toast linking the entry', async () => {
    const { toasts, shown, fire } = setup({ focused: true });
    await fire('withdrawal.failed');
    expect(shown).toEqual([]);
    expect(toasts).toEqual([
      expect.objectContaining({ kind: 'withdrawal-failed', entryId: '7', title: 'Withdrawal failed · LIVE' }),
    ]);
  });

  it('no system notifier (the browser test host), or one that refuses: a toast', async () => {
    const host = setup({ desktop: false });
    await host.fire('invoice.paid');
    expect(host.toasts).toHaveLength(1);
    const refused = setup({ shows: false });
    await refused.fire('invoice.paid');
    expect(refused.shown).toHaveLength(1);
    expect(refused.toasts).toHaveLength(1);
  });

  it('turned off: nothing at all', async () => {
    const { toasts, shown, fire } = setup({ enabled: false });
    await fire('withdrawal.success');
    await fire('invoice.paid');
    expect([...toasts, ...shown]).toEqual([]);
  });

  it('an invoice notice names the order and the USD amount, and the Sandbox says so', async () => {
    const notice = describeNotice('invoice-paid', {
      ...FACTS,
      environment: 'sandbox',
      amount: '25.00',
      orderId: 'ORD-1',
    });
    expect(notice).toEqual({ title: 'Invoice paid · SANDBOX', body: '25.00 USD · order ORD-1 is paid.' });
  });
});

describe('the setting', () => {
  it('is on by default, persisted, and a damaged file falls back to the default', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-set-'));
    expect(openAppSettings(dir).notifications()).toEqual({ enabled: true });
    openAppSettings(dir).setNotifications({ enabled: false });
    expect(openAppSettings(dir).notifications()).toEqual({ enabled: false });
    writeFileSync(join(dir, 'settings.json'), '{"version":1,');
    const warnings: string[] = [];
    expect(openAppSettings(dir, (w) => warnings.push(w)).notifications()).toEqual({ enabled: true });
    expect(warnings).toHaveLength(1);
  });
});

describe('end to end in main', () => {
  let app: AppHarness | undefined;
  afterEach(async () => {
    await app?.dispose();
    app = undefined;
  });

  it('a Sandbox withdrawal that completes sends one toast; with the setting off, none', async () => {
    app = await startAppHarness();
    const send = async () => {
      const created = await app!.ok('withdrawals:create', {
        coin: 'usdt',
        network: 'tron',
        amount: '10',
        to_address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
      });
      const withdrawalId = (created.data as { withdrawal_id: string }).withdrawal_id;
      await app!.ok('sandbox:act', { action: 'complete-withdrawal', withdrawalId });
      return withdrawalId;
    };
    const id = await send();
    const toasts = app.events
      .filter((e) => e.channel === 'notification:toast')
      .map((e) => e.payload as Toast);
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({
      kind: 'withdrawal-completed',
      title: 'Withdrawal completed · SANDBOX',
    });
    expect(toasts[0]!.body).toContain(id);

    expect(await app.ok('notifications:configure', { enabled: false })).toEqual({ enabled: false });
    await send();
    expect(app.events.filter((e) => e.channel === 'notification:toast')).toHaveLength(1);
  });
});
