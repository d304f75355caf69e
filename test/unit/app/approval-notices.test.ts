import { describe, expect, it } from 'vitest';
import type { Toast } from '@contract';
import { describeApprovalWaiting } from '@main/app/approval-notices';
import { createNotifier } from '@main/app/notifications';

const item = {
  id: '41',
  amount: '1250.50',
  coin: 'usdt',
  network: 'tron',
  environment: 'live' as const,
  preparedBy: ['anna'],
};

function notifier(options: { enabled: boolean; focused: boolean; active?: string }) {
  const shown: { title: string; body: string }[] = [];
  const toasts: Toast[] = [];
  const n = createNotifier({
    settings: () => ({ enabled: options.enabled }),
    desktop: { show: (notice) => shown.push(notice) > 0, isWindowFocused: () => options.focused },
    emit: (_channel, toast) => toasts.push(toast),
    entry: async () => null,
    activeProfileId: () => options.active ?? 'p-live',
  });
  const tell = () =>
    n.tell(
      'approval-waiting',
      describeApprovalWaiting(item, () => 'TRON (TRC-20)'),
      {
        entryId: '41',
        profileId: 'p-live',
      },
    );
  return { shown, toasts, tell };
}

describe('the notice of a withdrawal waiting for approval', () => {
  it('says the environment, the amount with its unit and network, and who prepared it', () => {
    expect(describeApprovalWaiting(item, () => 'TRON (TRC-20)')).toEqual({
      title: 'Approval needed · LIVE',
      body: 'Withdrawal #41: 1250.50 USDT · TRON (TRC-20), prepared by anna, waits for your approval.',
    });
    expect(describeApprovalWaiting({ ...item, environment: 'sandbox' }).title).toBe(
      'Approval needed · SANDBOX',
    );
  });

  it('goes through the notifications setting and channels the webhook notices use', () => {
    const away = notifier({ enabled: true, focused: false });
    away.tell();
    expect(away.shown).toHaveLength(1);
    expect(away.toasts).toEqual([]);
    const here = notifier({ enabled: true, focused: true });
    here.tell();
    expect(here.toasts).toMatchObject([
      { kind: 'approval-waiting', entryId: '41', title: 'Approval needed · LIVE' },
    ]);
    const off = notifier({ enabled: false, focused: false });
    off.tell();
    expect([...off.shown, ...off.toasts]).toEqual([]);
    // An in-app toast is only about the profile the window shows.
    const other = notifier({ enabled: true, focused: true, active: 'sandbox' });
    other.tell();
    expect(other.toasts).toEqual([]);
  });
});
