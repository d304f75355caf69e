import type { MoneyInKind } from '@contract';

export const KIND_WORDS: Record<MoneyInKind, string> = {
  'invoice-payment': 'Invoice payment',
  'wallet-deposit': 'Wallet deposit',
};

export const KIND_CHOICES = Object.entries(KIND_WORDS).map(([value, label]) => ({ value, label }));

/** "Showing 200 of 734" when the list was cut, else the plain count. */
export function countLine(shown: number, total: number): string {
  const noun = total === 1 ? 'credit' : 'credits';
  return shown < total
    ? `Showing the newest ${shown} of ${total} ${noun}; narrow the filters to see older ones.`
    : `${total} ${noun}.`;
}
