/**
 * Sparkline points kept per symbol, by main's poller and by the renderer that extends them on each
 * tick. A module of its own so the renderer reads it without pulling in the contract's schemas.
 */
export const RATE_HISTORY_POINTS = 60;
