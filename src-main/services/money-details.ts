import { addDecimal, compareDecimal, isDecimalString, subtractDecimal } from '@shared/money/exact';

// The spec shows no webhook payload fields: these are the names the reference Sandbox sends and the
// invoice object's own (payed_crypto, fee_crypto, network_fee_crypto). A field that is absent or not
// a decimal string is reported as not said, never guessed (docs/reconciliation.md).

const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const dec = (v: unknown): string | null => (isDecimalString(v) ? v : null);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** A hash is shown and copied whole; anything longer than any chain's hash is not one. */
const MAX_HASH = 128;
const hashOf = (v: unknown) => {
  const h = text(v);
  return h && h.length <= MAX_HASH && !/\s/.test(h) ? h : null;
};

export interface CreditDetails {
  paid: string | null;
  fee: string | null;
  feeSource: string | null;
  txHashes: string[];
}

/**
 * What an invoice webhook says beside the amount credited: what the payer sent, the fees, and the
 * transactions. The fee is the service's own figure where it names one; else what was paid minus
 * what was credited (the difference is what the service kept), said as such.
 */
export function invoiceCreditDetails(payload: unknown, credited: string): CreditDetails {
  const data = obj(obj(payload).data);
  const invoice = obj(data.invoice ?? data);
  const paid = dec(invoice.payed_crypto);
  const serviceFee = dec(invoice.fee_crypto);
  const networkFee = dec(invoice.network_fee_crypto);
  let fee: string | null = null;
  let feeSource: string | null = null;
  if (serviceFee !== null) {
    fee = networkFee === null ? serviceFee : addDecimal(serviceFee, networkFee);
    feeSource = networkFee === null ? 'fee_crypto' : 'fee_crypto + network_fee_crypto';
  } else if (paid !== null && compareDecimal(paid, credited) >= 0) {
    fee = subtractDecimal(paid, credited);
    feeSource = 'paid − credited';
  }
  const list = Array.isArray(invoice.transaction_list) ? invoice.transaction_list : [invoice.tx_hash];
  const txHashes = [...new Set(list.map(hashOf).filter((h): h is string => h !== null))];
  return { paid, fee, feeSource, txHashes };
}

export interface CompletionFacts {
  at: string | null;
  requested: string | null;
  debit: string | null;
  receive: string | null;
  fees: { network: string | null; service: string | null; total: string | null; payer: string | null };
  txHash: string | null;
  failureReason: string | null;
}

/** What a withdrawal.success or withdrawal.failed webhook reports of the money and the transaction. */
export function completionFacts(payload: unknown): CompletionFacts {
  const body = obj(payload);
  const data = obj(body.data);
  const amounts = obj(data.amounts);
  const fees = obj(data.fees);
  const network = dec(fees.network_fee);
  const service = dec(fees.service_fee);
  return {
    at: text(data.updated_at) ?? text(body.created_at),
    requested: dec(amounts.requested) ?? dec(data.amount),
    debit: dec(amounts.debit),
    receive: dec(amounts.receive),
    fees: {
      network,
      service,
      total: dec(fees.total) ?? (network !== null && service !== null ? addDecimal(network, service) : null),
      payer: text(fees.payer),
    },
    txHash: hashOf(data.tx_hash),
    failureReason: text(data.failure_reason),
  };
}
