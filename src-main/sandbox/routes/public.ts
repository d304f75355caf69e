import { ok, type Reply } from '../http-util';
import { buildCatalog, buildRates } from '../market';
import type { Route, RouteRequest } from './types';

function rates(req: RouteRequest): Reply {
  return ok(buildRates(req.ctx.state));
}

function catalog(): Reply {
  return ok(buildCatalog(), { 'Cache-Control': 'public, max-age=900' });
}

export const publicRoutes: Route[] = [
  { name: 'getCoinRates', method: 'GET', pattern: /^\/v1\/get-coin-rate$/, auth: null, handle: rates },
  { name: 'getCoinCatalog', method: 'GET', pattern: /^\/v1\/coins-and-fee$/, auth: null, handle: catalog },
];
