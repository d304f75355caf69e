import type { JournalEntry } from '@contract';
import { notSent } from '@shared/plain-error';
import type { ErrorInfo } from '@shared/errors';
import type { BadgeTone } from '../../components/Badge';

/**
 * One withdrawal's state as the list shows it: the journal's record of the request, then the
 * settlement its webhooks move. Unknown is its own state, never folded into failed.
 */
export type LiveState =
  | 'sending'
  | 'pending'
  | 'processing'
  | 'completed'
  | 'failed'
  | 'unknown'
  | 'refused'
  | 'not-sent'
  | 'not-made';

export function liveState(entry: Pick<JournalEntry, 'state' | 'settlement' | 'error'>): LiveState {
  switch (entry.state) {
    case 'sending':
      return 'sending';
    case 'unknown':
      return 'unknown';
    case 'rejected':
      // Refused by the desk's own connection (the service unreachable) is not the service's refusal.
      return notSent(entry.error as ErrorInfo | null) ? 'not-sent' : 'refused';
    case 'resolved-not-performed':
      return 'not-made';
    case 'accepted':
    case 'resolved-performed':
      return entry.settlement ?? 'pending';
  }
}

export const STATE_WORDS: Record<LiveState, { text: string; tone: BadgeTone; meaning: string }> = {
  sending: { text: 'Sending…', tone: 'info', meaning: 'On its way to the service.' },
  pending: { text: 'Pending', tone: 'info', meaning: 'Accepted, in progress: not paid yet.' },
  processing: { text: 'Processing', tone: 'info', meaning: 'In progress on the network: not paid yet.' },
  completed: { text: 'Completed', tone: 'good', meaning: 'Paid: the service reported it sent.' },
  failed: { text: 'Failed', tone: 'bad', meaning: 'Not paid: the service reported it failed.' },
  unknown: {
    text: '? Unknown',
    tone: 'unknown',
    meaning: 'May or may not have been made. Do not send it again.',
  },
  refused: { text: 'Refused', tone: 'neutral', meaning: 'The service refused it; nothing was sent.' },
  'not-sent': {
    text: 'Not sent',
    tone: 'neutral',
    meaning: 'It never left this desk: the service could not be reached. Nothing was sent.',
  },
  'not-made': { text: 'Not made', tone: 'neutral', meaning: 'Checked by a person: it was not made.' },
};

/** Addresses compare without case only where case carries no meaning (EVM hex). */
export const sameAddress = (a: string, b: string) =>
  a === b || (/^0x/i.test(a) && /^0x/i.test(b) && a.toLowerCase() === b.toLowerCase());

/** Whether this desk ever made (or may have made) a withdrawal to the address. */
export function usedBefore(address: string, entries: readonly JournalEntry[]): boolean {
  return entries.some(
    (e) =>
      typeof e.fields.toAddress === 'string' &&
      sameAddress(e.fields.toAddress, address) &&
      (e.state === 'accepted' || e.state === 'resolved-performed') &&
      e.settlement !== 'failed',
  );
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The parts of a journal entry a row shows; the request fields are the desk's own record. */
export function entryFacts(entry: JournalEntry) {
  return {
    coin: text(entry.fields.coin),
    network: text(entry.fields.network),
    amount: text(entry.fields.amount) || null,
    address: text(entry.fields.toAddress),
    withdrawalId: text(entry.externalIds.withdrawalId) || null,
  };
}
