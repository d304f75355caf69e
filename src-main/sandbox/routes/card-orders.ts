import { activeOrder, cardOrderView, cardRefusal, createCardOrder } from '../domain/card-orders';
import {
  controllerError,
  isRecord,
  json,
  malformedJson,
  ok,
  validationError,
  type Reply,
} from '../http-util';
import { isEmail } from '../validation';
import type { Route, RouteRequest } from './types';

function createProviderCardOrder(req: RouteRequest): Reply {
  const inv = req.ctx.state.invoices[req.params[0] ?? ''];
  if (!inv) return controllerError(404, 'Invoice not found');
  if (req.body.kind === 'malformed') return malformedJson();
  const body = req.body.kind === 'json' ? req.body.value : {};
  // PHP decodes {} as [], so an empty array is an empty body too.
  if (!isRecord(body) && !(Array.isArray(body) && body.length === 0)) {
    return validationError({ body: ['The request body must be a JSON object.'] });
  }
  const email = isRecord(body) ? body.email : undefined;
  if (email !== undefined && email !== null && (typeof email !== 'string' || !isEmail(email))) {
    return validationError({ email: ['The email field must be a valid email address.'] });
  }
  const refusal = cardRefusal(req.ctx, inv);
  if (refusal)
    return json(422, { status: 'error', message: refusal.message, failure_code: refusal.failureCode });
  const existing = activeOrder(req.ctx, inv.code);
  if (existing) return ok(cardOrderView(req.ctx, existing));
  if (req.fault?.kind === 'provider-fail') {
    return json(502, {
      status: 'error',
      message: 'The card provider could not create a usable checkout.',
      failure_code: 'provider_error',
    });
  }
  return ok(cardOrderView(req.ctx, createCardOrder(req.ctx, inv, typeof email === 'string' ? email : null)));
}

export const cardOrderRoutes: Route[] = [
  {
    name: 'createProviderCardOrder',
    method: 'POST',
    pattern: /^\/v1\/invoices\/([^/]+)\/provider-card-orders$/,
    auth: null,
    handle: createProviderCardOrder,
  },
];
