import type { AddressVerdict } from './withdrawal-rules';

const FORMAT_WORDS: Record<string, string> = {
  bech32: 'Bitcoin SegWit address, checksum verified.',
  bech32m: 'Bitcoin Taproot address, checksum verified.',
  base58check: 'Checksum verified.',
  eip55: 'Mixed-case checksum (EIP-55) verified.',
  hex: 'Valid form, but written in one case: there is no checksum to verify.',
  'ton-friendly': 'TON address, checksum verified.',
  'ton-raw': 'TON raw address: it has no checksum to verify.',
};

/**
 * The address check as you type: valid (with what protected it), unchecked (a network whose format
 * the desk does not know: a warning, never a block), or nothing yet. Invalid shows as the field's error.
 */
export function AddressHint({
  verdict,
  networkName,
}: {
  verdict: AddressVerdict;
  networkName: string | null;
}) {
  if (verdict.status === 'empty')
    return (
      <span>
        {networkName
          ? `Paste the recipient’s ${networkName} address; it is checked as you type.`
          : 'Choose the coin and network first; the address is checked for that network.'}
      </span>
    );
  if (verdict.status === 'invalid') return <span>Nothing can be sent to this address.</span>;
  if (verdict.status === 'unchecked')
    return (
      <span className="withdrawal-check withdrawal-check--warn" data-testid="address-unchecked">
        <span aria-hidden="true">⚠ </span>Not checked: {verdict.reason}
      </span>
    );
  return (
    <span className="withdrawal-check withdrawal-check--ok" data-testid="address-valid">
      <span aria-hidden="true">✓ </span>
      {`Valid ${networkName ?? ''} address. `.replace('  ', ' ')}
      {FORMAT_WORDS[verdict.format] ?? ''}
      {[...verdict.notes, ...verdict.warnings].map((w) => (
        <span key={w} className="withdrawal-check__more">
          {w}
        </span>
      ))}
    </span>
  );
}
