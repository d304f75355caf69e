import type { FaultKind, FaultOperation } from '@contract';

/** The operations in the words of the screens that use them. */
export const OPERATION_LABELS: Record<FaultOperation, string> = {
  createInvoice: 'Create an invoice',
  getInvoice: 'Look up an invoice',
  createWithdrawal: 'Send a withdrawal',
  createWalletAddress: 'Create a wallet',
  getWalletQrCode: 'Get a wallet QR code',
  getMerchantBalances: 'Read balances',
  getMerchantFees: 'Read fees',
  getCoinRates: 'Read prices',
  getCoinCatalog: 'Read the coin catalog',
  createProviderCardOrder: 'Start a card payment',
};

export const FAULT_LABELS: Record<FaultKind, string> = {
  'drop-after': 'Connection drops after the service did it',
  'drop-before': 'Connection drops before the service does anything',
  error500: 'Server error (500)',
  throttle: 'Too many requests (429)',
  latency: 'Slow answer (delay)',
  'provider-fail': 'Card provider fails',
  'bad-gateway-html': 'Gateway error page (502, HTML)',
  'non-json-2xx': 'Service does it, answers 200 but not JSON',
};

export const operationLabel = (op: string): string => OPERATION_LABELS[op as FaultOperation] ?? op;
export const faultLabel = (kind: string): string => FAULT_LABELS[kind as FaultKind] ?? kind;
