/**
 * CRC-16/XMODEM, the checksum of TON user-friendly addresses (TON's documentation calls it
 * CRC16-CCITT; the parameters are those of XMODEM): polynomial 0x1021, initial value 0, no bit
 * reflection, no final XOR. There is no small, well-kept package for it, and it is a few lines:
 * checked in the tests against the catalogue check value (0x31C3 for "123456789") and against
 * addresses published in TON's documentation.
 */
const POLYNOMIAL = 0x1021;

export function crc16Xmodem(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    // Feed the byte into the top of the register, then shift it out bit by bit, most significant first.
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? (crc << 1) ^ POLYNOMIAL : crc << 1;
    }
    crc &= 0xffff;
  }
  return crc;
}
