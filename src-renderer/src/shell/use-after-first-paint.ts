import { useEffect, useState } from 'react';

/** How long to wait for a frame before going on anyway: a hidden window may not paint at all. */
const NO_FRAME_MS = 100;

/**
 * False for the shell's first render, true once that render has been painted (the task after the
 * next animation frame). The shell renders the navigation and the screen's skeleton first, and only
 * then starts what costs main-thread time without changing that first picture: the screen's code
 * (its chunk and styles), the first IPC calls and the contract's schemas their answers need.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(timer);
      setPainted(true);
    };
    const frame = requestAnimationFrame(() => {
      clearTimeout(timer);
      timer = setTimeout(done, 0);
    });
    timer = setTimeout(() => {
      cancelAnimationFrame(frame);
      done();
    }, NO_FRAME_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
