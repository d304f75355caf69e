import type { ErrorInfo, JournalEntry } from '@contract';
import { countOf } from '../../lib/humanize';

/** The 429 rule of createWalletAddress: 100 creations per merchant in any 60 seconds. */
export const WALLET_LIMIT_TEXT = 'The service lets each merchant create up to 100 wallets a minute.';

/** When to try again after a 429, in words: the service's own wait when it gave one. */
export function waitText(error: ErrorInfo): string {
  const seconds = error.retryAfterSeconds;
  if (seconds === undefined || !Number.isFinite(seconds) || seconds <= 0)
    return 'Try again in about a minute.';
  const whole = Math.ceil(seconds);
  if (whole < 90) return `Try again in ${countOf(whole, 'second')}.`;
  return `Try again in about ${Math.round(whole / 60)} minutes.`;
}

export const isLimit = (error: ErrorInfo) => error.kind === 'throttle' || error.httpStatus === 429;

/** A journal state in words, as a wallet's row shows it. */
export function walletStateText(state: JournalEntry['state']): string {
  switch (state) {
    case 'accepted':
      return 'Created';
    case 'rejected':
      return 'Not created';
    case 'unknown':
      return 'Unknown: may or may not exist';
    case 'sending':
      return 'Sending…';
    case 'resolved-performed':
      return 'Created (checked by a person)';
    case 'resolved-not-performed':
      return 'Not created (checked by a person)';
  }
}

/** The fields the service's answer may carry (its body is "not shown" in the spec): read, never assumed. */
export function readWallet(data: unknown): { address: string | null; walletId: string | null } {
  const record = data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const text = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);
  const fromUrl = text(record.qr_code_url)?.match(/\/wallet-addresses\/([^/]+)\/qr/)?.[1] ?? null;
  return { address: text(record.address), walletId: fromUrl ?? text(record.id) };
}
