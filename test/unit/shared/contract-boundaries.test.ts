import { describe, expect, it } from 'vitest';
import { invokeChannels } from '@contract';
import { zodFieldErrors } from '@shared/field-errors';

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const withdrawal = (to_address: string) => ({ coin: 'usdt', network: 'tron', amount: '5', to_address });

function problems(schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: unknown) {
  const result = schema.safeParse(value);
  return result.success ? {} : zodFieldErrors(result.error as never);
}

describe('a withdrawal address is sent exactly as typed (defect 2)', () => {
  it.each([` ${ADDRESS}`, `${ADDRESS} `, `${ADDRESS}\n`, `\t${ADDRESS}`])(
    'the contract refuses %j instead of trimming it, and says why',
    (address) => {
      const result = invokeChannels['withdrawals:create'].request.safeParse(withdrawal(address));
      expect(result.success).toBe(false);
      expect(
        problems(invokeChannels['withdrawals:create'].request, withdrawal(address)).to_address?.[0],
      ).toMatch(/must not start or end with spaces/);
    },
  );

  it('passes a clean address through unchanged', () => {
    const parsed = invokeChannels['withdrawals:create'].request.parse(withdrawal(ADDRESS));
    expect(parsed.to_address).toBe(ADDRESS);
  });

  it('refuses spaces inside an address', () => {
    expect(invokeChannels['withdrawals:create'].request.safeParse(withdrawal('TQ5N q2cH')).success).toBe(
      false,
    );
  });
});

describe('URLs at the contract boundary are https only (defect 6)', () => {
  const refused = [
    'javascript:alert(1)',
    'ftp://files.example/pay',
    'http://shop.example/ok',
    'data:text/html,<b>hi</b>',
    'file:///etc/passwd',
    'https://shop.example/ ok',
    'not a url',
  ];

  it.each(refused)('invoices:create refuses success_url %j with a message that says https', (url) => {
    const p = problems(invokeChannels['invoices:create'].request, {
      order_id: 'A-1',
      amount: '10',
      success_url: url,
    });
    expect(p.success_url?.[0]).toMatch(/https:\/\//);
  });

  it.each(refused)('wallets:create refuses webhook_url %j', (url) => {
    const p = problems(invokeChannels['wallets:create'].request, {
      coin: 'usdt',
      network: 'tron',
      webhook_url: url,
    });
    expect(p.webhook_url?.[0]).toMatch(/https:\/\//);
  });

  it.each(refused)('shell:open-checkout refuses %j', (url) => {
    expect(invokeChannels['shell:open-checkout'].request.safeParse({ url }).success).toBe(false);
  });

  it('accepts an https URL unchanged', () => {
    const url = 'https://pay.example/checkout/abc?x=1';
    expect(invokeChannels['shell:open-checkout'].request.parse({ url })).toEqual({ url });
    const invoice = invokeChannels['invoices:create'].request.parse({
      order_id: 'A-1',
      amount: '10',
      cancel_url: url,
    });
    expect(invoice.cancel_url).toBe(url);
  });
});
