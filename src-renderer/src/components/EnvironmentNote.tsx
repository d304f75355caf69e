import type { MoneyEnvironment } from './QrCode';
import './money-surfaces.css';

interface EnvironmentNoteProps {
  environment: MoneyEnvironment;
  /** Only the built-in Sandbox is play money for sure; a profile labelled sandbox is named like live. */
  builtInSandbox: boolean;
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
 * (UX rule 2): "LIVE · Acme EU · merchant 4f2a…9c1d" or "SANDBOX · play money". The play-money words
 * render only for the built-in Sandbox: never for a live profile, nor one merely labelled sandbox. The full merchant id is in the tooltip and read to screen readers.
 */
export function EnvironmentNote({
  environment,
  builtInSandbox,
  profileName,
  merchantId,
}: EnvironmentNoteProps) {
  if (environment === 'sandbox' && builtInSandbox)
    return (
      <p className="env-note env-note--sandbox" data-environment="sandbox" title={`Profile ${profileName}`}>
        <span className="env-note__tag">SANDBOX</span> · play money
      </p>
    );
  const short = shortenId(merchantId);
  // A profile someone labelled sandbox may reach any service with any key: it says which one, like live.
  const tag = environment === 'sandbox' ? 'SANDBOX' : 'LIVE';
  return (
    <p className="env-note env-note--live" data-environment={environment} title={`merchant ${merchantId}`}>
      <span className="env-note__tag">{tag}</span> · {profileName} ·{' '}
      <span aria-hidden={short !== merchantId}>merchant {short}</span>
      {short !== merchantId && <span className="visually-hidden">merchant {merchantId}</span>}
    </p>
  );
}
