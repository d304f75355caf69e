import { useEffect, useRef } from 'react';

/**
 * A ref for the region where a result appears: focus moves to it when a new result arrives (not when
 * the screen reopens on an old one), so a keyboard or screen-reader user hears it and a small window
 * scrolls to it. `announce` can hold back a result that is said elsewhere.
 */
export function useFocusOnArrival<T>(
  result: T | null | undefined,
  announce: (value: T) => boolean = () => true,
) {
  const region = useRef<HTMLDivElement>(null);
  const shown = useRef(result);
  useEffect(() => {
    if (result && result !== shown.current && announce(result)) region.current?.focus();
    shown.current = result;
    // `announce` is a rule, not state: a new function each render must not refocus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [result]);
  return region;
}
