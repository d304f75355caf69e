/**
 * How far from a period's bound the balance snapshot used for it may be and still count as seen at
 * that bound (docs/reconciliation.md, "Coverage"). Main applies it; the Reconcile screen says it.
 * A file of its own, without zod, so the renderer can read it.
 */
export const COVERAGE_TOLERANCE_MINUTES = 60;
