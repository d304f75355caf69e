import { addDecimal } from '@shared/money/exact';

export type SoakOperation = 'createInvoice' | 'createWithdrawal' | 'createWalletAddress';

/** One write of the soak: the IPC call the renderer would make, and the key that names it anywhere. */
export interface PlannedWrite {
  index: number;
  operation: SoakOperation;
  channel: 'invoices:create' | 'withdrawals:create' | 'wallets:create';
  request: Record<string, unknown>;
  /**
   * Unique per write and visible both in the journal and in the sandbox's own record: an invoice's
   * order id, a withdrawal's amount, a wallet's webhook URL. Two sandbox records with one key are a
   * write performed twice.
   */
  key: string;
}

/** A valid TRON address nobody holds (the sandbox's play money goes nowhere). */
export const WITHDRAWAL_ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const WALLET_PAIRS = [
  ['usdt', 'tron'],
  ['usdt', 'eth'],
  ['btc', 'bitcoin'],
] as const;
/** Cumulative shares of the mix: invoices, then withdrawals, then wallets. */
const MIX = { createInvoice: 0.4, createWithdrawal: 0.75 };

/** Amounts are compared as numbers ("12.500000" and "12.5" are one amount). */
export const amountKey = (amount: string): string => addDecimal(amount, '0');

export function planWrite(index: number, seed: number, random: () => number): PlannedWrite {
  const roll = random();
  if (roll < MIX.createInvoice) {
    const orderId = `soak-${seed}-${index}`;
    const amount = `${10 + Math.floor(random() * 490)}.${String(Math.floor(random() * 100)).padStart(2, '0')}`;
    return {
      index,
      operation: 'createInvoice',
      channel: 'invoices:create',
      request: { order_id: orderId, amount },
      key: orderId,
    };
  }
  if (roll < MIX.createWithdrawal) {
    // The micro-units carry the write's index, so no two withdrawals of a run have one amount.
    const amount = `${10 + (index % 90)}.${String(index % 1_000_000).padStart(6, '0')}`;
    return {
      index,
      operation: 'createWithdrawal',
      channel: 'withdrawals:create',
      request: { coin: 'usdt', network: 'tron', amount, to_address: WITHDRAWAL_ADDRESS },
      key: amountKey(amount),
    };
  }
  const [coin, network] = WALLET_PAIRS[Math.floor(random() * WALLET_PAIRS.length)]!;
  const webhookUrl = `https://soak.example/${seed}/${index}`;
  return {
    index,
    operation: 'createWalletAddress',
    channel: 'wallets:create',
    request: { coin, network, webhook_url: webhookUrl },
    key: webhookUrl,
  };
}
