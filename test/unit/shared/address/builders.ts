export {
  encodeBase58Address as base58,
  encodeEvm as evm,
  encodeSegwit as segwit,
  encodeTonFriendly as tonFriendly,
} from '@shared/domain/address/encode';

/** The address with the character at `index` replaced by `ch`. */
export const substitute = (address: string, index: number, ch: string): string =>
  address.slice(0, index) + ch + address.slice(index + 1);

/** Printable ASCII, space included: every character a person could type or paste by mistake. */
export const PRINTABLE = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));
