import { ControlError } from '../context';
import type { SandboxControl } from '../control';
import { FAULT_KINDS, type FaultKind } from '../faults';
import { controllerError, isRecord, ok, type ParsedBody, type Reply } from '../http-util';
import type { MerchantSeed } from '../types';

type Body = Record<string, unknown>;
type Op = {
  method: 'GET' | 'POST';
  pattern: RegExp;
  run(c: SandboxControl, p: string[], b: Body, q: URLSearchParams): unknown;
};

const str = (b: Body, key: string): string | undefined =>
  typeof b[key] === 'string' ? (b[key] as string) : undefined;
const need = (b: Body, key: string): string => {
  const value = str(b, key);
  if (value === undefined) throw new ControlError(400, `${key} (string) is required`);
  return value;
};
const int = (b: Body, key: string): number | undefined => {
  const value = b[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw new ControlError(400, `${key} must be a non-negative integer`);
  return value;
};
const signedInt = (b: Body, key: string): number => {
  const value = b[key];
  if (typeof value !== 'number' || !Number.isSafeInteger(value))
    throw new ControlError(400, `${key} (integer, negative to go back) is required`);
  return value;
};
const bool = (b: Body, key: string, fallback: boolean): boolean =>
  typeof b[key] === 'boolean' ? (b[key] as boolean) : fallback;
const p0 = (p: string[]): string => decodeURIComponent(p[0] ?? '');

const OPS: Op[] = [
  { method: 'GET', pattern: /^\/state$/, run: (c) => c.state() },
  { method: 'GET', pattern: /^\/clock$/, run: (c) => c.clock() },
  { method: 'POST', pattern: /^\/clock\/advance$/, run: (c, _p, b) => c.advanceClock(int(b, 'ms') ?? 0) },
  { method: 'POST', pattern: /^\/clock\/jump$/, run: (c, _p, b) => c.jumpClock(signedInt(b, 'ms')) },
  { method: 'POST', pattern: /^\/clock\/now$/, run: (c) => c.clockToNow() },
  { method: 'POST', pattern: /^\/reset$/, run: (c) => c.reset() },
  {
    method: 'GET',
    pattern: /^\/deliveries$/,
    run: (c, _p, _b, q) => c.deliveries(q.get('merchant') ?? undefined),
  },
  { method: 'POST', pattern: /^\/webhooks\/flush$/, run: (c) => c.flushWebhooks() },
  {
    method: 'POST',
    pattern: /^\/webhooks\/duplicates$/,
    run: (c, _p, b) => c.setDuplicateWebhooks(bool(b, 'enabled', true)),
  },
  {
    method: 'POST',
    pattern: /^\/merchants\/([^/]+)\/test-webhook$/,
    run: (c, p) => c.sendTestWebhook(p0(p)),
  },
  { method: 'GET', pattern: /^\/invoices\/([^/]+)$/, run: (c, p) => c.invoice(p0(p)) },
  {
    method: 'POST',
    pattern: /^\/invoices\/([^/]+)\/pay$/,
    run: (c, p, b) =>
      c.payInvoice(p0(p), {
        amount: str(b, 'amount'),
        coin: str(b, 'coin'),
        network: str(b, 'network'),
        txHash: str(b, 'tx_hash'),
      }),
  },
  {
    method: 'POST',
    pattern: /^\/invoices\/([^/]+)\/select$/,
    run: (c, p, b) => c.selectInvoiceCoin(p0(p), need(b, 'coin'), need(b, 'network')),
  },
  { method: 'POST', pattern: /^\/invoices\/([^/]+)\/expire$/, run: (c, p) => c.expireInvoice(p0(p)) },
  { method: 'POST', pattern: /^\/invoices\/([^/]+)\/aml-reject$/, run: (c, p) => c.amlRejectInvoice(p0(p)) },
  {
    method: 'GET',
    pattern: /^\/withdrawals$/,
    run: (c, _p, _b, q) => c.withdrawals(q.get('merchant') ?? undefined),
  },
  {
    method: 'POST',
    pattern: /^\/withdrawals\/([^/]+)\/complete$/,
    run: (c, p) => c.completeWithdrawal(p0(p)),
  },
  {
    method: 'POST',
    pattern: /^\/withdrawals\/([^/]+)\/fail$/,
    run: (c, p, b) => c.failWithdrawal(p0(p), str(b, 'reason')),
  },
  {
    method: 'POST',
    pattern: /^\/merchants$/,
    run: (c, _p, b) => c.addMerchant(b as unknown as MerchantSeed),
  },
  { method: 'GET', pattern: /^\/merchants\/([^/]+)$/, run: (c, p) => c.merchant(p0(p)) },
  {
    method: 'POST',
    pattern: /^\/merchants\/([^/]+)\/credit$/,
    run: (c, p, b) => c.creditBalance(p0(p), need(b, 'coin'), need(b, 'network'), need(b, 'amount')),
  },
  {
    method: 'POST',
    pattern: /^\/merchants\/([^/]+)\/suspend$/,
    run: (c, p) => c.suspendMerchant(p0(p), true),
  },
  {
    method: 'POST',
    pattern: /^\/merchants\/([^/]+)\/unsuspend$/,
    run: (c, p) => c.suspendMerchant(p0(p), false),
  },
  {
    method: 'POST',
    pattern: /^\/merchants\/([^/]+)\/revoke-withdrawals$/,
    run: (c, p) => c.setWithdrawalPermission(p0(p), false),
  },
  {
    method: 'POST',
    pattern: /^\/merchants\/([^/]+)\/grant-withdrawals$/,
    run: (c, p) => c.setWithdrawalPermission(p0(p), true),
  },
  {
    method: 'POST',
    pattern: /^\/merchants\/([^/]+)\/callback-url$/,
    run: (c, p, b) => c.setCallbackUrl(p0(p), str(b, 'url') ?? null),
  },
  {
    method: 'POST',
    pattern: /^\/merchants\/([^/]+)\/withdrawal-fee-payer$/,
    run: (c, p, b) =>
      c.setWithdrawalFeePayer(p0(p), str(b, 'payer') === 'recipient' ? 'recipient' : 'merchant'),
  },
  { method: 'GET', pattern: /^\/wallets$/, run: (c, _p, _b, q) => c.wallets(q.get('merchant') ?? undefined) },
  {
    method: 'POST',
    pattern: /^\/wallets\/([^/]+)\/deposit$/,
    run: (c, p, b) =>
      c.depositToWallet(p0(p), {
        amount: need(b, 'amount'),
        txHash: str(b, 'tx_hash'),
        held: bool(b, 'held', false),
      }),
  },
  {
    method: 'POST',
    pattern: /^\/card-orders\/([^/]+)\/status$/,
    run: (c, p, b) => c.setCardOrderStatus(p0(p), need(b, 'local_status')),
  },
  {
    method: 'POST',
    pattern: /^\/card-provider$/,
    run: (c, _p, b) => c.setCardProviderAvailable(bool(b, 'available', true)),
  },
  { method: 'GET', pattern: /^\/faults$/, run: (c) => c.faults() },
  { method: 'POST', pattern: /^\/faults\/clear$/, run: (c) => c.clearFaults() },
  {
    method: 'POST',
    pattern: /^\/faults$/,
    run: (c, _p, b) => {
      const kind = need(b, 'kind');
      if (!FAULT_KINDS.includes(kind as FaultKind))
        throw new ControlError(400, `kind must be one of ${FAULT_KINDS.join(', ')}`);
      c.injectFault(
        need(b, 'route'),
        { kind: kind as FaultKind, ms: int(b, 'ms'), retryAfter: int(b, 'retry_after') },
        int(b, 'count') ?? 1,
      );
    },
  },
];

export async function handleControl(
  control: SandboxControl,
  method: string,
  path: string,
  body: ParsedBody,
  query: URLSearchParams,
): Promise<Reply> {
  if (body.kind === 'malformed') return controllerError(400, 'Control request body is not valid JSON');
  const input = body.kind === 'json' && isRecord(body.value) ? body.value : {};
  for (const op of OPS) {
    const match = op.pattern.exec(path);
    if (!match || op.method !== method) continue;
    try {
      return ok((await op.run(control, match.slice(1), input, query)) ?? null);
    } catch (err) {
      if (err instanceof ControlError) return controllerError(err.status, err.message);
      throw err;
    }
  }
  return controllerError(404, `No control operation ${method} /__sandbox${path}`);
}
