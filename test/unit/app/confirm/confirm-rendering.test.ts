import { describe, expect, it } from 'vitest';
import { answerOf, dialogOptionsFor } from '@main/app/confirm/dialog-options';
import { groupedAddress, withdrawalConfirmation } from '@main/app/confirm/requests';
import { checkWebhookHost } from '@main/app/modules/webhook-hosts';

const body = {
  coin: 'usdt',
  network: 'tron',
  amount: '1000.000001',
  to_address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
};
const context = {
  profileName: 'Shop',
  baseUrl: 'https://api.pay.example',
  merchantId: 'm-1',
  networkName: null,
};

describe('main’s confirmation window', () => {
  it('defaults to Cancel, which Escape also chooses; only the second button goes ahead', () => {
    const options = dialogOptionsFor(withdrawalConfirmation(body, context));
    expect(options.buttons).toEqual(['Cancel', 'Send withdrawal']);
    expect(options.defaultId).toBe(0);
    expect(options.cancelId).toBe(0);
    expect([answerOf(0), answerOf(1), answerOf(-1)]).toEqual(['declined', 'accepted', 'declined']);
  });

  it('shows the exact amount and the whole address, in groups of four', () => {
    const text = withdrawalConfirmation(body, context).lines.join('\n');
    expect(text).toContain('1000.000001 USDT');
    expect(groupedAddress(body.to_address).replaceAll(' ', '')).toBe(body.to_address);
    expect(text).toContain(groupedAddress(body.to_address));
    expect(text).toContain('it starts TNPeea and ends 1NYqeL');
  });
});

describe('webhook hosts', () => {
  it('allows the profile’s own host and approved hosts only, not their look-alikes', () => {
    const check = (url: string) => () =>
      checkWebhookHost(url, ['hooks.shop.example'], 'https://api.pay.example');
    expect(check('https://api.pay.example/in')).not.toThrow();
    expect(check('https://HOOKS.shop.example/in')).not.toThrow();
    expect(check('https://evil.hooks.shop.example/in')).toThrow(/not an approved webhook host/);
    expect(check('https://api.pay.example.evil.net/in')).toThrow(/not an approved webhook host/);
    expect(() => checkWebhookHost('https://hooks.shop.example/in', [], 'embedded')).toThrow();
  });
});
