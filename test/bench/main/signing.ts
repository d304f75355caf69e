import { createHmac } from 'node:crypto';
import { canonicalJson } from '@main/protocol/canonical';
import { signTimestamped } from '@main/protocol/signing';
import { figure, type Figure } from '../figure';
import { timePair } from '../stats';

// A typical invoice body: what staff send dozens of times a day.
const invoice = {
  order_id: 'ORD-2026-11-000123',
  amount: '149.90',
  is_customer_fee: false,
  is_customer_network_fee: true,
  allow_card_payments: true,
  success_url: 'https://shop.example.com/checkout/success?order=ORD-2026-11-000123',
  cancel_url: 'https://shop.example.com/checkout/cancel?order=ORD-2026-11-000123',
  allowed_coins: ['usdt', 'usdc', 'btc', 'eth'],
};
const KEY = 'sk_live_bench_0123456789abcdef';
const TS = '1763766180';

const baseline = () => {
  const body = JSON.stringify(invoice);
  createHmac('sha256', KEY)
    .update(`${Buffer.from(body).toString('base64')}.${TS}`)
    .digest('hex');
};
const signed = () => signTimestamped(canonicalJson(invoice), TS, KEY);

/** Canonical body + HMAC beside JSON.stringify + HMAC on the same body, alternated, median of batches. */
export function signingFigure(runs: number): Figure {
  const [app, bare] = timePair(signed, baseline, runs, 200);
  return figure({
    id: 'signing-ratio',
    figure: 'signing: canonical body + HMAC / (JSON.stringify + HMAC), typical invoice (median of batches)',
    result: app.p50 / bare.p50,
    unit: 'ratio',
    baseline: 1,
    baselineLabel: `JSON.stringify + HMAC = 1 (${(bare.p50 * 1000).toFixed(1)} µs vs ${(app.p50 * 1000).toFixed(1)} µs)`,
    target: '≤ 1.2×',
    pass: app.p50 / bare.p50 <= 1.2,
  });
}
