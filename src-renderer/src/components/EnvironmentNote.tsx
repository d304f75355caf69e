import type { MoneyEnvironment } from './QrCode';
import './money-surfaces.css';

interface EnvironmentNoteProps {
  environment: MoneyEnvironment;
  profileName: string;
  merchantId: string;
}

/** Long identifiers keep both ends, the parts people compare: "4f2a…9c1d". */
export function shortenId(id: string): string {
  const chars = Array.from(id);
  return chars.length <= 10 ? id : `${chars.slice(0, 4).join('')}…${chars.slice(-4).join('')}`;
}

/**
 * Where money would move, repeated next to the primary button of every money form and confirmation
 * (UX rule 2): "LIVE · Acme EU · merchant 4f2a…9c1d" or "SANDBOX · play money". The Sandbox words
 * never render for a live profile. The full merchant id is in the tooltip and read to screen readers.
 */
export function EnvironmentNote({ environment, profileName, merchantId }: EnvironmentNoteProps) {
  if (environment === 'sandbox')
    return (
      <p className="env-note env-note--sandbox" data-environment="sandbox" title={`Profile ${profileName}`}>
        <span className="env-note__tag">SANDBOX</span> · play money
      </p>
    );
  const short = shortenId(merchantId);
  return (
    <p className="env-note env-note--live" data-environment="live" title={`merchant ${merchantId}`}>
      <span className="env-note__tag">LIVE</span> · {profileName} ·{' '}
      <span aria-hidden={short !== merchantId}>merchant {short}</span>
      {short !== merchantId && <span className="visually-hidden">merchant {merchantId}</span>}
    </p>
  );
}
