import type { AssetLineView } from '@contract';

/** "+12.5" / "-3" / "0": a change always carries its sign. */
export const signed = (v: string | null) =>
  v === null ? null : v.startsWith('-') || v === '0' ? v : `+${v}`;

export const KIND_WORDS: Record<AssetLineView['movements'][number]['kind'], string> = {
  'invoice-credit': 'Invoice paid (credit)',
  'wallet-deposit': 'Wallet deposit',
  'withdrawal-debit': 'Withdrawal completed (debit)',
  'withdrawal-release': 'Withdrawal failed (frozen amount released)',
};

/** A datetime-local value ("2026-11-01T09:30") as an ISO instant in UTC. */
export const localToIso = (value: string) => new Date(value).toISOString();

/**
 * An ISO instant as a datetime-local value in this computer's time zone. Built by hand and ISO
 * whatever the Region: <input type="datetime-local"> takes only "YYYY-MM-DDTHH:mm" (the browser
 * shows it in its own form).
 */
export function isoToLocal(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
