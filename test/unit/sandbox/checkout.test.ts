import { describe, expect, it } from 'vitest';
import { ALICE, createTestInvoice, publicRequest, signedRequest } from '@test/helpers/sandbox-request';
import { useTestSandbox } from '@test/helpers/sandbox-fixture';

// Issue 25, item 8: the invoice's checkout link was a 404, so the default invoice (the customer
// chooses the coin) could not be rehearsed.
const sb = useTestSandbox('file');

async function invoiceOf(code: string): Promise<Record<string, unknown>> {
  const res = await publicRequest(sb, 'GET', `/v1/invoices/${code}`);
  return (res.json as { data: { invoice: Record<string, unknown> } }).data.invoice;
}
const page = (code: string) => fetch(`${sb.url}/checkout/${code}`, { redirect: 'manual' });
const choose = (code: string, coin: string, network: string) =>
  fetch(`${sb.url}/checkout/${code}/choose/${coin}/${network}`, { method: 'POST', redirect: 'manual' });

describe('the Sandbox checkout page', () => {
  it('is served at the invoice url: plain HTML, no script, nothing from elsewhere, the payer’s choices', async () => {
    const created = await signedRequest(sb, 'POST', '/v1/invoices', { order_id: 'chk-1', amount: '25' });
    const { url, code } = (created.json as { data: { url: string; code: string } }).data;
    expect(url).toBe(`${sb.url}/checkout/${code}`);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toContain('SANDBOX — play money, not payable');
    expect(html).toContain('<h1>Alice Shop</h1>');
    expect(html).not.toMatch(/<script|(?:src|href)="https?:/i);
    // One choice per pair the invoice allows, named as the catalog names it.
    expect(html).toContain(`action="/checkout/${code}/choose/usdt/tron"`);
    expect(html).toContain('USDT · TRON (TRC-20)');
    expect(html).toContain(`action="/checkout/${code}/choose/btc/bitcoin"`);
    expect(html).toContain('25.00 USD');
  });

  it('after the payer chooses, shows the amount in that coin, the network and the address', async () => {
    const code = await createTestInvoice(sb, { order_id: 'chk-2', amount: '25' });
    const chosen = await choose(code, 'usdt', 'tron');
    expect(chosen.status).toBe(303);
    expect(chosen.headers.get('location')).toBe(`/checkout/${code}`);
    const inv = await invoiceOf(code);
    expect(inv).toMatchObject({ coin: 'usdt', network: 'tron', status: 'waiting' });
    const html = await (await page(code)).text();
    expect(html).toContain(`<dd data-testid="checkout-amount">${String(inv.payer_amount_crypto)} USDT</dd>`);
    expect(html).toContain('TRON (TRC-20) — send on this network only');
    expect(html).toContain(
      `<dd class="address" data-testid="checkout-address">${String(inv.wallet_address)}</dd>`,
    );
    // The QR image is the sandbox's own route, same origin.
    expect(html).toContain(`src="${new URL(String(inv.qr_code_url)).pathname}"`);
    expect((await fetch(`${sb.url}${new URL(String(inv.qr_code_url)).pathname}`)).status).toBe(200);
    sb.control.payInvoice(code);
    expect(await (await page(code)).text()).toContain('This invoice is paid.');
  });

  it('refuses a pair the invoice does not allow, an unknown invoice, and escapes the merchant’s words', async () => {
    const code = await createTestInvoice(sb, { order_id: '<b>x</b>', amount: '10', allowed_coins: ['usdt'] });
    const html = await (await page(code)).text();
    expect(html).toContain('&lt;b&gt;x&lt;/b&gt;');
    expect(html).not.toContain('choose/btc/');
    const refused = await choose(code, 'btc', 'bitcoin');
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('btc is not allowed for this invoice');
    expect((await invoiceOf(code)).coin).toBeNull();
    expect((await page('NOPE')).status).toBe(404);
  });

  it('paying a customer-chooses invoice in full works once a pair is given for the payer', async () => {
    const code = await createTestInvoice(sb, { order_id: 'chk-4', amount: '25' }, ALICE);
    expect(() => sb.control.payInvoice(code)).toThrow(/has not chosen a coin and network yet/);
    expect(sb.control.payInvoice(code, { coin: 'usdt', network: 'tron' })).toMatchObject({ status: 'paid' });
  });
});
