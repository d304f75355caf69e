import { CLOCK_UNIT_MS, type FaultKind, type SandboxAction } from '@shared/domain/sandbox-controls';
import type { SandboxControl } from '../../sandbox';
import { AppError } from '@shared/errors';

type View = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : String(value ?? '?'));
/** The catalog's display name of a network ("TRON (TRC-20)"), when the desk knows it. */
export type NetworkNames = (coin: string, network: string) => string | null;

/** "USDT · TRON (TRC-20)": the unit and the network, by its catalog name when known (UX rule 1). */
function pairWords(view: View, names: NetworkNames): string {
  const coin = text(view.coin);
  const network = text(view.network);
  return `${coin.toUpperCase()} · ${names(coin, network) ?? network.toUpperCase()}`;
}

const FAULT_WORDS: Record<FaultKind, string> = {
  'drop-after': 'the service does it, then the connection drops before the answer',
  'drop-before': 'the connection drops before the service does anything',
  error500: 'the service answers 500 (server error)',
  throttle: 'the service answers 429 (too many requests)',
  latency: 'the answer is delayed',
  'provider-fail': 'the card provider fails',
  'bad-gateway-html': 'a gateway answers 502 with an HTML page before the service does anything',
  'non-json-2xx': 'the service does it, then answers 200 with a body that is not JSON',
};

function invoicePaid(code: string, view: View, amount: string | undefined, names: NetworkNames): string {
  const pair = (v: View) => pairWords(v, names);
  const usd = `${text(view.payed_usd)} of ${text(view.amount_usd)} USD`;
  if (view.status === 'paid' && amount === undefined)
    return `Invoice ${code} paid in full: ${text(view.amount_usd)} USD (${text(view.payed_crypto)} ${pair(view)}).`;
  const got = `Invoice ${code} received ${amount ?? text(view.payed_crypto)} ${pair(view)}`;
  return view.status === 'paid'
    ? `${got}: now paid in full (${usd}).`
    : `${got}: now ${text(view.status)}, ${usd} paid.`;
}

function faultWords(action: Extract<SandboxAction, { action: 'inject-fault' }>): string {
  const how =
    action.fault === 'latency'
      ? `the answer is delayed by ${action.delayMs ?? 0} ms`
      : action.fault === 'throttle'
        ? `the service answers 429 (too many requests) ${action.retryAfterSeconds ? `asking to wait ${action.retryAfterSeconds} s` : 'without retry_after'}`
        : FAULT_WORDS[action.fault];
  const next = action.count === 1 ? 'The next request' : `The next ${action.count} requests`;
  return `${next} to ${action.operation} will fail: ${how}.`;
}

/**
 * Deposits to one of the active merchant's own wallets only: the sandbox would credit any merchant's
 * wallet, and play money landing on another merchant would never show on this desk.
 */
function deposited(
  control: SandboxControl,
  merchantId: string,
  action: Extract<SandboxAction, { action: 'deposit-to-wallet' }>,
  names: NetworkNames,
): string {
  // In the words the sandbox's own refusals reach the person with (sandbox.ts asAppError).
  if (!control.wallets(merchantId).some((w) => w.id === action.walletId))
    throw new AppError('request', `The Sandbox refused: Wallet ${action.walletId} not found.`, {
      httpStatus: 404,
    });
  const view = control.depositToWallet(action.walletId, { amount: action.amount });
  return `Deposited ${action.amount} ${pairWords(view, names)} to the wallet at ${text(view.address)}: ${text(view.status)}. Its webhook goes to the desk.`;
}

/**
 * Moves the Sandbox's simulated time only: the service's own clock (its Date header) stays with the
 * real time, so a jump never reads as this computer's clock being off, on this profile or another.
 */
function movedClock(
  control: SandboxControl,
  action: Extract<SandboxAction, { action: 'advance-clock' }>,
): string {
  const ms = action.amount * CLOCK_UNIT_MS[action.unit];
  const { now } = control.jumpClock(action.direction === 'back' ? -ms : ms);
  const unit = action.amount === 1 ? action.unit.slice(0, -1) : action.unit;
  return `Sandbox clock moved ${action.amount} ${unit} ${action.direction === 'back' ? 'back' : 'ahead'}: it is now ${now}.`;
}

/** Runs one action on the sandbox and says, in plain words, what it did. */
export function runAction(
  control: SandboxControl,
  merchantId: string,
  action: SandboxAction,
  names: NetworkNames = () => null,
): string {
  const pair = (v: View) => pairWords(v, names);
  switch (action.action) {
    case 'pay-invoice': {
      const { code, amount, coin, network } = action;
      const view = control.payInvoice(code, {
        ...(amount !== undefined ? { amount } : {}),
        ...(coin !== undefined ? { coin } : {}),
        ...(network !== undefined ? { network } : {}),
      });
      return invoicePaid(code, view, amount, names);
    }
    case 'expire-invoice':
      control.expireInvoice(action.code);
      return `Invoice ${action.code} expired: it can no longer be paid.`;
    case 'aml-reject-invoice':
      control.amlRejectInvoice(action.code);
      return `Invoice ${action.code} rejected by the AML check.`;
    case 'complete-withdrawal': {
      const view = control.completeWithdrawal(action.withdrawalId);
      return `Withdrawal ${action.withdrawalId} completed: ${text((view.amounts as View | undefined)?.receive)} ${pair(view)} sent.`;
    }
    case 'fail-withdrawal': {
      control.failWithdrawal(action.withdrawalId, action.reason);
      return `Withdrawal ${action.withdrawalId} failed${action.reason ? `: ${action.reason}` : ''}. The amount returns to the balance.`;
    }
    case 'add-play-money':
      control.creditBalance(merchantId, action.coin, action.network, action.amount);
      return `Added ${action.amount} ${pair(action)} of play money to the balance.`;
    case 'deposit-to-wallet':
      return deposited(control, merchantId, action, names);
    case 'inject-fault':
      control.injectFault(
        action.operation,
        {
          kind: action.fault,
          ...(action.fault === 'latency' ? { ms: action.delayMs ?? 3_000 } : {}),
          ...(action.fault === 'throttle' && action.retryAfterSeconds !== undefined
            ? { retryAfter: action.retryAfterSeconds }
            : {}),
        },
        action.count,
      );
      return faultWords(action);
    case 'clear-faults':
      control.clearFaults();
      return 'All pending faults removed: requests are answered normally again.';
    case 'advance-clock':
      return movedClock(control, action);
    case 'clock-to-now': {
      const { now } = control.clockToNow();
      return `Sandbox clock set back to the real time: it is now ${now}.`;
    }
    case 'reset-sandbox': {
      // The desk's webhook receiver is not part of the seeded state: keep the merchant pointed at it.
      const callback = control.merchant(merchantId).callback_url;
      control.reset();
      control.setCallbackUrl(merchantId, typeof callback === 'string' ? callback : null);
      return 'The Sandbox was reset: play money, invoices, withdrawals, wallets and webhooks are back to the start, no faults are pending and its clock runs with the real time. The desk’s Journal keeps its records of what was done before.';
    }
    case 'send-test-webhook': {
      const sent = control.sendTestWebhook(merchantId);
      return `Test webhook sent (${sent.length} ${sent.length === 1 ? 'delivery' : 'deliveries'}); see it under Webhooks.`;
    }
    case 'duplicate-webhooks':
      control.setDuplicateWebhooks(action.enabled);
      return action.enabled
        ? 'Duplicate webhook delivery on: every webhook is now delivered twice.'
        : 'Duplicate webhook delivery off: every webhook is delivered once.';
  }
}
