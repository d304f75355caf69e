import { useCallback, useLayoutEffect, useMemo, useRef, useState, type FocusEvent } from 'react';
import { holdOrder } from './held-order';
import { sameList, type RateView } from '../../stores/rate-view';

/**
 * The rows in the order to show: live, except while the pointer is over the table or focus is inside
 * it, when ticks update figures in place and never move a row (UX rule 10). A change of sort or
 * search is the person's own act, so it reorders at once (`orderKey` changes).
 */
export function useHeldRows(latest: readonly RateView[], orderKey: string) {
  const [pointer, setPointer] = useState(false);
  const [focus, setFocus] = useState(false);
  const held = pointer || focus;
  const shown = useRef<{ key: string; rows: readonly RateView[] }>({ key: orderKey, rows: latest });
  const rows = useMemo(() => {
    const previous = shown.current;
    if (!held || previous.key !== orderKey) return latest;
    const kept = holdOrder(previous.rows, latest);
    if (sameList(kept, latest)) return latest;
    return sameList(kept, previous.rows) ? previous.rows : kept;
  }, [latest, held, orderKey]);
  useLayoutEffect(() => {
    shown.current = { key: orderKey, rows };
  }, [orderKey, rows]);

  const handlers = {
    onPointerEnter: useCallback(() => setPointer(true), []),
    onPointerLeave: useCallback(() => setPointer(false), []),
    // Keyboard focus holds the order; the focus a mouse click leaves on a sort button does not (the
    // pointer itself holds it while it is over the table).
    onFocus: useCallback((event: FocusEvent<HTMLElement>) => {
      if (matchesFocusVisible(event.target)) setFocus(true);
    }, []),
    onBlur: useCallback((event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocus(false);
    }, []),
  };
  return { rows, held, handlers };
}

function matchesFocusVisible(element: Element): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true; // an engine without :focus-visible: hold, the safe side
  }
}
