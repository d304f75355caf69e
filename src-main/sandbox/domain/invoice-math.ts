import {
  addDecimal,
  compareDecimal,
  divideDecimal,
  multiplyDecimal,
  percentOf,
  roundDown,
  subtractDecimal,
} from '@shared/money/exact';
import { findPair } from '../market-data';
import type { InvoiceRecord } from '../types';

/** Merchant fee on invoices, in percent of the crypto amount. */
export const INVOICE_FEE_PERCENT = '1';

export interface InvoiceAmounts {
  decimals: number;
  amountCrypto: string;
  feeCrypto: string;
  networkFeeCrypto: string;
  payerAmountCrypto: string;
  fullCrypto: string;
  payerAmountUsd: string;
  fullAmountUsd: string;
  payedUsd: string;
}

/** USD figures always carry two decimals ("20.00"), like the amounts merchants send. */
export function usd2(value: string): string {
  const [whole, frac = ''] = roundDown(value, 2).split('.');
  return `${whole}.${frac.padEnd(2, '0')}`;
}

const usd = (crypto: string, rate: string): string => usd2(multiplyDecimal(crypto, rate));

/**
 * The invoice's USD amount plus fees (in crypto) valued at the rate. Converting the rounded-down crypto
 * amount back to USD would ask for less than the merchant invoiced (25.00 USD in BTC read as 24.99).
 */
const usdPlusFees = (amountUsd: string, feesCrypto: string, rate: string): string =>
  usd2(addDecimal(amountUsd, multiplyDecimal(feesCrypto, rate)));

/**
 * All crypto figures follow from the USD amount and the rate frozen at coin selection:
 * payer_amount = amount + the fees the customer carries; full = amount + every fee.
 */
export function invoiceAmounts(inv: InvoiceRecord): InvoiceAmounts {
  const pair = inv.coin && inv.network ? findPair(inv.coin, inv.network) : undefined;
  if (!pair || !inv.rate) {
    return {
      decimals: 0,
      amountCrypto: '0',
      feeCrypto: '0',
      networkFeeCrypto: '0',
      payerAmountCrypto: '0',
      fullCrypto: '0',
      payerAmountUsd: usd2(inv.amountUsd),
      fullAmountUsd: usd2(inv.amountUsd),
      payedUsd: '0.00',
    };
  }
  const decimals = Math.min(pair.net.decimals, 8);
  const amountCrypto = divideDecimal(inv.amountUsd, inv.rate, decimals);
  const feeCrypto = roundDown(percentOf(amountCrypto, INVOICE_FEE_PERCENT), decimals);
  const networkFeeCrypto = roundDown(pair.net.networkFee ?? '0', decimals);
  const payerAmountCrypto = addDecimal(
    amountCrypto,
    inv.isCustomerFee ? feeCrypto : '0',
    inv.isCustomerNetworkFee ? networkFeeCrypto : '0',
  );
  const fullCrypto = addDecimal(amountCrypto, feeCrypto, networkFeeCrypto);
  return {
    decimals,
    amountCrypto,
    feeCrypto,
    networkFeeCrypto,
    payerAmountCrypto,
    fullCrypto,
    payerAmountUsd: usdPlusFees(inv.amountUsd, subtractDecimal(payerAmountCrypto, amountCrypto), inv.rate),
    fullAmountUsd: usdPlusFees(inv.amountUsd, addDecimal(feeCrypto, networkFeeCrypto), inv.rate),
    payedUsd: usd(inv.payedCrypto, inv.rate),
  };
}

/** What the merchant nets from what was received: the service keeps its fee and the network fee. */
export function merchantNet(inv: InvoiceRecord): string {
  const a = invoiceAmounts(inv);
  const net = subtractDecimal(subtractDecimal(inv.payedCrypto, a.feeCrypto), a.networkFeeCrypto);
  return compareDecimal(net, '0') > 0 ? net : '0';
}

/** Amount in the chain's smallest unit, as an integer string. */
export function toUnits(amount: string, decimals: number): string {
  return roundDown(multiplyDecimal(amount, '1' + '0'.repeat(decimals)), 0);
}

/** USD still due: the card checkout threshold compares against this. */
export function remainingUsd(inv: InvoiceRecord): string {
  const rest = subtractDecimal(inv.amountUsd, invoiceAmounts(inv).payedUsd);
  return compareDecimal(rest, '0') > 0 ? rest : '0';
}
