import type { BalanceRow, BalancesView } from '@shared/domain/market';
import { addDecimal, isDecimalString } from '@shared/money/exact';

/**
 * The spec shows what a balance record carries (balance, frozen, available, USD valuation per
 * asset/network pair) but not the field names. We recognise the usual names and keep every field
 * in `raw`, so a record shaped differently still reaches the screen instead of vanishing.
 */
const FIELD_NAMES = {
  coin: ['coin', 'currency', 'asset', 'symbol', 'coin_code', 'ticker'],
  network: ['network', 'chain', 'network_code', 'blockchain'],
  balance: ['balance', 'total', 'amount', 'total_balance'],
  frozen: ['frozen', 'frozen_balance', 'hold', 'held', 'locked', 'on_hold'],
  available: ['available', 'available_balance', 'free'],
  usd: ['usd', 'balance_usd', 'usd_value', 'amount_usd', 'value_usd', 'usd_valuation', 'total_usd'],
} as const;

type Record_ = Record<string, unknown>;
const isRecord = (v: unknown): v is Record_ => typeof v === 'object' && v !== null && !Array.isArray(v);

function pick(record: Record_, names: readonly string[]): unknown {
  for (const name of names) {
    if (name in record) return record[name];
  }
  const lower = new Map(Object.keys(record).map((k) => [k.toLowerCase(), k]));
  for (const name of names) {
    const key = lower.get(name);
    if (key !== undefined) return record[key];
  }
  return undefined;
}

function text(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (isRecord(value)) return text(pick(value, ['symbol', 'code', 'network', 'name']));
  return null;
}

/** Money fields must be decimal strings; anything else is left for the raw view, never guessed at. */
function money(value: unknown): string | null {
  return isDecimalString(value) ? value : null;
}

/** Finds the list of records whether it is the data itself, under a key, or a map keyed by pair. */
function records(data: unknown): Array<{ key: string | null; record: Record_ }> {
  if (Array.isArray(data)) return data.filter(isRecord).map((record) => ({ key: null, record }));
  if (!isRecord(data)) return [];
  for (const value of Object.values(data)) {
    if (Array.isArray(value) && value.some(isRecord)) return records(value);
  }
  const entries = Object.entries(data).filter(([, v]) => isRecord(v));
  return entries.map(([key, record]) => ({ key, record: record as Record_ }));
}

export function toBalanceRows(data: unknown): BalanceRow[] {
  return records(data).map(({ key, record }) => {
    const [keyCoin, keyNetwork] = key?.split(/[:/]/) ?? [];
    return {
      coin: (text(pick(record, FIELD_NAMES.coin)) ?? keyCoin ?? '?').toLowerCase(),
      network: (text(pick(record, FIELD_NAMES.network)) ?? keyNetwork ?? '').toLowerCase(),
      balance: money(pick(record, FIELD_NAMES.balance)),
      frozen: money(pick(record, FIELD_NAMES.frozen)),
      available: money(pick(record, FIELD_NAMES.available)),
      usd: money(pick(record, FIELD_NAMES.usd)),
      raw: record,
    };
  });
}

export function toBalancesView(data: unknown, fetchedAt: Date): BalancesView {
  const rows = toBalanceRows(data);
  const usd = rows.map((r) => r.usd).filter((v): v is string => v !== null);
  return { rows, totalUsd: addDecimal('0', ...usd), fetchedAt: fetchedAt.toISOString(), raw: data };
}
