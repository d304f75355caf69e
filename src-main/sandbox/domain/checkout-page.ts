import { compareDecimal, subtractDecimal } from '@shared/money/exact';

/**
 * The Sandbox's checkout page: what a payer sees at the invoice's `url`. Plain HTML from the sandbox's
 * own server, no script and nothing from elsewhere (the QR image is the sandbox's own route), so it
 * opens in any browser and under the strictest policy. Built from the public Invoice object only.
 */

type View = Record<string, unknown>;

/** The page's policy: its own images and forms only, no script at all. */
export const CHECKOUT_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Every value from the invoice goes through this: an order id is the merchant's free text. */
const esc = (value: unknown): string => String(value ?? '').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
/** "2026-11-28 03:44 UTC": the page has no script to show the payer's own time zone. */
const utc = (value: unknown): string => text(value).replace(/^(\d{4}-\d\d-\d\d)T(\d\d:\d\d).*$/, '$1 $2 UTC');

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1b1f24}
main{max-width:34rem;margin:1.5rem auto;padding:1.25rem 1.5rem;background:#fff;border:1px solid #c4c9d0;border-radius:8px}
.banner{margin:0 0 1rem;padding:.5rem .75rem;background:#0b6e69;color:#fff;font-weight:700;text-align:center;border-radius:4px;letter-spacing:.04em}
h1{font-size:1.35rem;margin:.25rem 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:1rem 0}
dt{color:#4a525c}dd{margin:0;overflow-wrap:anywhere}
.address{font-family:ui-monospace,monospace;font-size:1.05rem}
fieldset{border:1px solid #c4c9d0;border-radius:6px;margin:1rem 0;padding:.5rem 1rem 1rem}
legend{font-weight:700;padding:0 .25rem}
form{display:inline}
button{font:inherit;margin:.25rem .25rem 0 0;padding:.4rem .8rem;border:1px solid #1f5fbf;border-radius:6px;background:#fff;color:#1f5fbf;cursor:pointer}
button:focus-visible{outline:3px solid #1f5fbf;outline-offset:2px}
.qr{display:block;margin:1rem 0;width:192px;height:192px;image-rendering:pixelated;border:1px solid #c4c9d0}
.note{color:#4a525c;font-size:.9rem}
@media (prefers-color-scheme:dark){body{background:#15181c;color:#e8eaed}main{background:#1e2227;border-color:#3a4048}dt,.note{color:#aab2bd}button{background:#1e2227;color:#8ab4f8;border-color:#8ab4f8}}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>${STYLE}</style></head>
<body><main>
<p class="banner">SANDBOX — play money, not payable</p>
${body}
</main></body></html>`;
}

/** The coin and network choices the invoice allows, one button per pair (a form each, no script). */
function choices(inv: View): string {
  const code = encodeURIComponent(text(inv.code));
  const coins = Array.isArray(inv.allowed_coins) ? (inv.allowed_coins as View[]) : [];
  const networks = (inv.allowed_networks ?? {}) as Record<string, View[]>;
  const groups = coins.map((c) => {
    const coin = text(c.coin);
    const buttons = (networks[coin] ?? []).map((n) => {
      const network = text(n.network);
      const action = `/checkout/${code}/choose/${encodeURIComponent(coin)}/${encodeURIComponent(network)}`;
      return `<form method="post" action="${esc(action)}"><button type="submit" data-coin="${esc(coin)}" data-network="${esc(network)}">${esc(coin.toUpperCase())} · ${esc(n.name ?? network)}</button></form>`;
    });
    return `<fieldset><legend>${esc(c.name ?? coin)} (${esc(coin.toUpperCase())})</legend>${buttons.join('')}</fieldset>`;
  });
  return `<h2>Choose how to pay</h2>
<p>Pick the coin and the network you will send from. The amount and the address follow from it.</p>
${groups.join('\n')}`;
}

/** The amount still due in the chosen coin, the network, the address and its QR code. */
function instructions(inv: View): string {
  const due = subtractDecimal(text(inv.payer_amount_crypto) || '0', text(inv.payed_crypto) || '0');
  const left = compareDecimal(due, '0') > 0 ? due : '0';
  const coin = text(inv.coin).toUpperCase();
  const networks = ((inv.allowed_networks ?? {}) as Record<string, View[]>)[text(inv.coin)] ?? [];
  const network = text(networks.find((n) => n.network === inv.network)?.name) || text(inv.network);
  const qr = text(inv.qr_code_url);
  const qrPath = qr ? new URL(qr).pathname : '';
  return `<h2>Send ${esc(left)} ${esc(coin)}</h2>
<dl>
<dt>Amount</dt><dd data-testid="checkout-amount">${esc(left)} ${esc(coin)}</dd>
<dt>Network</dt><dd data-testid="checkout-network">${esc(network)} — send on this network only</dd>
<dt>Address</dt><dd class="address" data-testid="checkout-address">${esc(inv.wallet_address)}</dd>
</dl>
${qrPath ? `<img class="qr" src="${esc(qrPath)}" alt="QR code of the address (SANDBOX — not payable)">` : ''}
<p class="note">Play money: nothing sent to this address is real. In Merchant Desk, Sandbox controls can pretend the payment arrived.</p>`;
}

const FINAL: Record<string, string> = {
  paid: 'This invoice is paid. Thank you.',
  expired: 'This invoice has expired: it can no longer be paid.',
  aml_rejected: 'The payment to this invoice was rejected by the AML check.',
};

/** The whole page for one invoice, by its state. */
export function checkoutPage(inv: View, notice?: string): string {
  const status = text(inv.status);
  const head = `<h1>${esc(inv.merchant_name)}</h1>
<dl>
<dt>Order</dt><dd>${esc(inv.order_id)}</dd>
<dt>To pay</dt><dd data-testid="checkout-usd">${esc(inv.payer_amount_usd)} USD</dd>
<dt>Paid so far</dt><dd>${esc(inv.payed_usd)} USD</dd>
<dt>Pay before</dt><dd><time datetime="${esc(inv.expired_at)}">${esc(utc(inv.expired_at))}</time></dd>
</dl>`;
  const alert = notice ? `<p role="alert">${esc(notice)}</p>` : '';
  const body =
    FINAL[status] !== undefined
      ? `<p data-testid="checkout-final">${esc(FINAL[status])}</p>`
      : inv.coin === null
        ? choices(inv)
        : instructions(inv);
  return page(`Pay invoice ${text(inv.code)} — Sandbox`, `${head}${alert}${body}`);
}

/** A page that says what went wrong, with the way back to the invoice when there is one. */
export function checkoutProblem(message: string, code?: string): string {
  const back = code
    ? `<p><a href="/checkout/${esc(encodeURIComponent(code))}">Back to the invoice</a></p>`
    : '';
  return page('Checkout — Sandbox', `<h1>Not possible</h1><p role="alert">${esc(message)}</p>${back}`);
}
