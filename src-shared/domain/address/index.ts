/**
 * Withdrawal address checks, shared by main and the renderer. Decisions a reviewer should know:
 * - Test-network addresses (Bitcoin tb1/m/n/2, TON test-only flag) are invalid on the live networks.
 *   Tron's test networks share the live form, so they cannot be told apart.
 * - Bitcoin SegWit versions other than v0 and v1 Taproot are refused, against BIP-350's
 *   forward-compatibility advice: no wallet receives at them today (see bitcoin.ts).
 * - The EVM zero address and Tron's all-zero "black hole" are refused: coins sent there are destroyed.
 * - One-case EVM hex and TON raw form are valid but carry a warning: there is no checksum to verify.
 * - A network code not known here is 'unchecked' (a warning, never a block); the character checks
 *   (spacing, control and direction characters, non-ASCII look-alikes) apply to every network.
 */
export { checkAddress } from './check-address';
export { ADDRESS_END_LENGTH, addressEnds, groupAddress } from './text';
