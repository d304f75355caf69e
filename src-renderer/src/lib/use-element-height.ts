import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The rendered height of the element `ref` is put on, kept current when fonts, the text size or the
 * window width change it: a virtualised table's sticky header, which its rows start below. `initial`
 * until laid out (and where there is no layout, as in unit tests).
 */
export function useElementHeight<T extends HTMLElement>(initial: number) {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState(initial);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => setHeight(element.offsetHeight);
    update();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, height };
}
