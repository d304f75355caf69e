import { isDecimal } from '@shared/money/display';
import type { WithdrawalFeePayer } from '@shared/money/withdrawal-quote';
import { humanizeKey } from '@shared/humanize-key';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The merchant's fee settings read into a layout a person can scan (the Fees screen), and the
 * withdrawal terms read from them (the withdrawal form's estimate and main's confirmation). The spec does not show the
 * answer's shape, so this recognises the usual parts (percentages, who pays, per-network fees) and
 * returns everything else untouched in `other`: a different shape shows up there, never vanishes and
 * never crashes the screen.
 */
interface LabelledValue {
  key: string;
  label: string;
  value: string;
  /** The service's own word, for payers ("merchant"): what code branches on, never shown. */
  raw?: string;
}

interface NetworkFee {
  coin: string;
  network: string;
  fee: string | null;
  deposit: boolean | null;
  withdrawal: boolean | null;
}

export interface FeeSettings {
  percents: LabelledValue[];
  payers: LabelledValue[];
  networks: NetworkFee[];
  other: Record<string, unknown>;
}

const PERCENT_KEY = /percent|pct/i;
const PAYER_KEY = /payer|paid_by|who_pays/i;

const percentText = (value: unknown): string | null =>
  isDecimal(value) ? value : typeof value === 'number' && Number.isFinite(value) ? String(value) : null;

/** "invoice_percent" → "Invoices"; unknown names are humanised with "percent" dropped. */
function percentLabel(key: string): string {
  const words = humanizeKey(key.replace(PERCENT_KEY, '')).replace(/\s+$/, '');
  const known: Record<string, string> = {
    Invoice: 'Invoices',
    Withdrawal: 'Withdrawals',
    'Static wallet': 'Static wallets',
  };
  return known[words] ?? (words || humanizeKey(key));
}

/** "merchant" → "You (the merchant)"; other payers as the service names them. */
function payerText(value: string): string {
  const lower = value.toLowerCase();
  if (lower === 'merchant') return 'You (the merchant)';
  if (lower === 'customer' || lower === 'client' || lower === 'payer') return 'The customer';
  if (lower === 'recipient') return 'The recipient';
  return value;
}

function isPercentGroup(value: Record<string, unknown>): boolean {
  const entries = Object.entries(value);
  return entries.length > 0 && entries.every(([k, v]) => PERCENT_KEY.test(k) && percentText(v) !== null);
}

/** "invoice_network_fee" → "Invoice network fee"; "withdrawal_fee" → "Withdrawal fee". */
const payerLabel = (key: string): string => humanizeKey(key);

const flag = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);
const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

function networkRows(list: unknown[]): NetworkFee[] | null {
  if (list.length === 0 || !list.every((r) => isRecord(r) && typeof r.coin === 'string')) return null;
  return (list as Record<string, unknown>[]).map((r) => ({
    coin: String(r.coin),
    network: text(r.network ?? r.chain) ?? '',
    fee: text(r.network_fee ?? r.networkFee ?? r.fee),
    deposit: flag(r.deposit_enabled ?? r.depositEnabled ?? r.deposit),
    withdrawal: flag(r.withdraw_enabled ?? r.withdrawEnabled ?? r.withdrawal_enabled ?? r.withdrawal),
  }));
}

const NETWORK_KNOWN = new Set([
  'coin',
  'network',
  'chain',
  'network_fee',
  'networkFee',
  'fee',
  'deposit_enabled',
  'depositEnabled',
  'deposit',
  'withdraw_enabled',
  'withdrawEnabled',
  'withdrawal_enabled',
  'withdrawal',
]);

/** Fields of network rows that the table has no column for: kept, keyed by coin/network. */
function networkExtras(list: Record<string, unknown>[]): Record<string, unknown> {
  const extras: Record<string, unknown> = {};
  for (const r of list) {
    const rest = Object.fromEntries(Object.entries(r).filter(([k]) => !NETWORK_KNOWN.has(k)));
    if (Object.keys(rest).length > 0) extras[`${String(r.coin)} / ${String(r.network ?? '')}`] = rest;
  }
  return extras;
}

export function readFeeSettings(fees: unknown): FeeSettings {
  const out: FeeSettings = { percents: [], payers: [], networks: [], other: {} };
  if (!isRecord(fees)) {
    if (fees !== null && fees !== undefined) out.other = { value: fees };
    return out;
  }
  for (const [key, value] of Object.entries(fees)) {
    const percent = PERCENT_KEY.test(key) ? percentText(value) : null;
    if (percent !== null) {
      out.percents.push({ key, label: percentLabel(key), value: percent });
      continue;
    }
    if (Array.isArray(value)) {
      const rows = networkRows(value);
      if (rows && out.networks.length === 0) {
        out.networks = rows;
        const extras = networkExtras(value as Record<string, unknown>[]);
        if (Object.keys(extras).length > 0) out.other[key] = extras;
        continue;
      }
    }
    if (isRecord(value) && PAYER_KEY.test(key)) {
      const rest: Record<string, unknown> = {};
      for (const [inner, v] of Object.entries(value)) {
        if (typeof v === 'string')
          out.payers.push({
            key: `${key}.${inner}`,
            label: payerLabel(inner),
            value: payerText(v),
            raw: v,
          });
        else rest[inner] = v;
      }
      if (Object.keys(rest).length > 0) out.other[key] = rest;
      continue;
    }
    // A group made only of percentages ("fees": {invoice_percent, ...}) is read as percentages; a
    // mixed group (e.g. auto-exchange settings) only makes sense whole, so it stays together below.
    if (isRecord(value) && isPercentGroup(value)) {
      for (const [inner, v] of Object.entries(value))
        out.percents.push({
          key: `${key}.${inner}`,
          label: percentLabel(inner),
          value: percentText(v) ?? '',
        });
      continue;
    }
    if (PAYER_KEY.test(key) && typeof value === 'string') {
      out.payers.push({ key, label: humanizeKey(key), value: payerText(value), raw: value });
      continue;
    }
    out.other[key] = value;
  }
  return out;
}

export type { WithdrawalFeePayer };

export interface WithdrawalFeeTerms {
  /** Null when the settings name no withdrawal payer the desk recognises: then nothing is assumed. */
  payer: WithdrawalFeePayer | null;
  /** The merchant's own withdrawal percentage ("0.5"), or null when the settings carry none. */
  percent: string | null;
}

const WITHDRAWAL_KEY = /withdraw/i;

/** The withdrawal part of the fee settings, for the withdrawal form's fee estimate and its "max". */
export function withdrawalFeeTerms(settings: FeeSettings): WithdrawalFeeTerms {
  const payerWord = settings.payers.find((p) => WITHDRAWAL_KEY.test(p.key))?.raw?.toLowerCase();
  const payer: WithdrawalFeePayer | null =
    payerWord === 'merchant'
      ? 'merchant'
      : payerWord === 'recipient' || payerWord === 'customer' || payerWord === 'client'
        ? 'recipient'
        : null;
  const percent = settings.percents.find((p) => WITHDRAWAL_KEY.test(p.key))?.value ?? null;
  return { payer, percent: percent && isDecimal(percent) ? percent : null };
}
