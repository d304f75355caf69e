/**
 * The one state model every screen follows (UX rule 9). A screen is in exactly one of these, and
 * each has its own look: a skeleton, an empty panel, an error banner, or its figures dimmed under an
 * "as of" line. Figures already on screen are never blanked by a failed refresh: they turn stale.
 */
export type ScreenState = 'loading' | 'error' | 'empty' | 'stale' | 'ready';

export interface ScreenStateInput {
  /** What the screen shows; null or undefined until the first successful answer. */
  data: unknown;
  error: unknown;
  /** Known to be out of date even without an error (e.g. no price tick for a while). */
  stale?: boolean;
  /** The answer arrived and holds nothing to show. */
  isEmpty?: boolean;
}

export function screenState({ data, error, stale, isEmpty }: ScreenStateInput): ScreenState {
  // A retry after a failure keeps the error on screen (with its button busy) rather than flashing a
  // skeleton, so `loading` only matters before anything is known.
  if (data === null || data === undefined) return error ? 'error' : 'loading';
  if (error || stale) return 'stale';
  return isEmpty ? 'empty' : 'ready';
}
