/**
 * Kept only for src-main/journal (the storage room, moving in a parallel change) until its imports
 * name @shared/money/exact; remove when the two meet. Nothing else imports this path.
 */
export { compareDecimal, isDecimalString } from '@shared/money/exact';
