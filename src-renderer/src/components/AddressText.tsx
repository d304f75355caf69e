import { Fragment } from 'react';
import { groupAddress } from '@shared/domain/address';
import { CopyButton } from './CopyButton';
import './money-surfaces.css';

interface AddressTextProps {
  address: string;
  /** Characters emphasised at each end, the ones people compare first (4 to 6). */
  emphasis?: 4 | 5 | 6;
  /** What the address is, for screen readers and the copy button: "Deposit address". */
  label?: string;
  /** Show a copy button that copies the address exactly as given. */
  copyable?: boolean;
}

/** "Deposit address" → "deposit address" for use mid-sentence; "TRON address" keeps its acronym. */
const lowerFirst = (s: string) => (/^\p{Lu}\p{Ll}/u.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);

/** Runs of emphasised and plain characters inside one group of four. */
function runs(group: string, start: number, length: number, emphasis: number) {
  const out: { text: string; strong: boolean }[] = [];
  Array.from(group).forEach((ch, i) => {
    const at = start + i;
    const strong = at < emphasis || at >= length - emphasis;
    const last = out[out.length - 1];
    if (last && last.strong === strong) last.text += ch;
    else out.push({ text: ch, strong });
  });
  return out;
}

/**
 * A blockchain address in groups of four, monospace, its ends emphasised. The gaps between groups are
 * drawn by CSS, not typed: selecting and copying the groups gives back the exact address, and lines
 * wrap only between groups (at the <wbr> break opportunities). Screen readers get the address once,
 * whole, from a hidden copy that is itself excluded from selection.
 */
export function AddressText({
  address,
  emphasis = 6,
  label = 'Address',
  copyable = false,
}: AddressTextProps) {
  const length = Array.from(address).length;
  let start = 0;
  const groups = groupAddress(address).map((group, index) => {
    const parts = runs(group, start, length, emphasis);
    start += Array.from(group).length;
    return (
      <Fragment key={index}>
        {index > 0 && <wbr />}
        <span className="address-text__group">
          {parts.map((part, i) =>
            part.strong ? (
              <b key={i} className="address-text__end">
                {part.text}
              </b>
            ) : (
              <Fragment key={i}>{part.text}</Fragment>
            ),
          )}
        </span>
      </Fragment>
    );
  });
  return (
    <span className="address-text">
      <span className="address-text__groups" dir="ltr" aria-hidden="true" data-testid="address-groups">
        {groups}
      </span>
      <span className="visually-hidden address-text__spoken">
        {label}: {address}
      </span>
      {copyable && <CopyButton text={address} what={lowerFirst(label)} />}
    </span>
  );
}
