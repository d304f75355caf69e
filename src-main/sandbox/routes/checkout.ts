import { ControlError } from '../context';
import { checkoutPage, checkoutProblem, CHECKOUT_CSP } from '../domain/checkout-page';
import { selectCoin } from '../domain/invoices';
import { invoiceView } from '../domain/invoice-view';
import type { Reply } from '../http-util';
import type { Route, RouteRequest } from './types';

const html = (status: number, body: string): Reply => ({
  status,
  body: null,
  raw: Buffer.from(body, 'utf8'),
  headers: {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': CHECKOUT_CSP,
    'Cache-Control': 'no-store',
  },
});

const param = (req: RouteRequest, i: number): string => decodeURIComponent(req.params[i] ?? '');

function show(req: RouteRequest): Reply {
  const code = param(req, 0);
  const inv = req.ctx.state.invoices[code];
  if (!inv) return html(404, checkoutProblem(`There is no invoice ${code}.`));
  return html(200, checkoutPage(invoiceView(req.ctx, inv)));
}

/** The payer's choice of coin and network; then back to the page (POST, redirect, GET). */
function choose(req: RouteRequest): Reply {
  const code = param(req, 0);
  const inv = req.ctx.state.invoices[code];
  if (!inv) return html(404, checkoutProblem(`There is no invoice ${code}.`));
  try {
    selectCoin(req.ctx, inv, param(req, 1), param(req, 2));
  } catch (error) {
    if (!(error instanceof ControlError)) throw error;
    return html(error.status, checkoutProblem(`${error.message}.`, code));
  }
  return {
    status: 303,
    body: null,
    raw: Buffer.alloc(0),
    headers: { Location: `/checkout/${encodeURIComponent(code)}`, 'Content-Type': 'text/plain' },
  };
}

/** Public like the invoice lookup: the code is the payer's link and grants nothing else. */
export const checkoutRoutes: Route[] = [
  { name: 'checkoutPage', method: 'GET', pattern: /^\/checkout\/([^/]+)$/, auth: null, handle: show },
  {
    name: 'checkoutChoose',
    method: 'POST',
    pattern: /^\/checkout\/([^/]+)\/choose\/([^/]+)\/([^/]+)$/,
    auth: null,
    handle: choose,
  },
];
