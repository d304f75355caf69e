import type { IncomingHttpHeaders } from 'node:http';
import type { SandboxContext } from '../context';
import type { FaultSpec } from '../faults';
import type { ParsedBody, Reply } from '../http-util';
import type { MerchantRecord } from '../types';

export interface RouteRequest {
  ctx: SandboxContext;
  params: string[];
  headers: IncomingHttpHeaders;
  body: ParsedBody;
  query: URLSearchParams;
  /** Set for merchant-signed routes once authentication passed. */
  merchant: MerchantRecord | null;
  /** The fault consumed by this request, when the handler itself must act on it (provider failure). */
  fault: FaultSpec | undefined;
}

export interface Route {
  /** Operation id from the spec; faults are keyed by it. */
  name: string;
  method: 'GET' | 'POST';
  pattern: RegExp;
  /** null: public. Otherwise merchant-signed with these rules. */
  auth: { timestampRequired: boolean } | null;
  handle(req: RouteRequest): Reply | Promise<Reply>;
}

export function bodyValue(req: RouteRequest): unknown {
  return req.body.kind === 'json' ? req.body.value : undefined;
}

export function merchantOf(req: RouteRequest): MerchantRecord {
  if (!req.merchant) throw new Error('route declared public but needs a merchant');
  return req.merchant;
}
