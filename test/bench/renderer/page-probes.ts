// Functions serialised into the page by Playwright: they may use only their arguments and the DOM.

declare global {
  interface Window {
    __benchFrames?: {
      deltas: number[];
      longTasks: number[];
      scrolled: number;
      stop: boolean;
      observer: PerformanceObserver;
    };
  }
}

/**
 * Records every requestAnimationFrame delta and every long task (> 50 ms on the main thread) while
 * scrolling `selector` by `pxPerFrame` every frame, bouncing at both ends. A fixed step per frame, not
 * per second: with the frame rate uncapped, a per-second speed would shrink each frame's scroll to a
 * pixel or two, most frames would cross no row boundary (no React work), and the p95 would depend on
 * how fast the machine is rather than on what one 60 Hz frame of scrolling costs.
 */
export function startFrameRecorder({ selector, pxPerFrame }: { selector: string; pxPerFrame: number }): void {
  const scroller = document.querySelector(selector);
  if (!(scroller instanceof HTMLElement)) throw new Error(`no scroll container ${selector}`);
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  const state = { deltas: [] as number[], longTasks, scrolled: 0, stop: false, observer };
  window.__benchFrames = state;
  // Read once: reading scroll geometry every frame would force a layout inside the rAF callback and
  // bill the recorder for work the page would otherwise do later in the same frame.
  const max = scroller.scrollHeight - scroller.clientHeight;
  let top = scroller.scrollTop;
  let last = -1;
  let direction = 1;
  const frame = (now: number) => {
    if (state.stop) return;
    if (last >= 0) {
      const dt = now - last;
      state.deltas.push(dt);
      // Every frame moves, so every frame has something to draw: without damage Chromium idles to the
      // display cadence (~16.7 ms) even uncapped, and those deltas would not be work.
      top += direction * pxPerFrame;
      if (top >= max || top <= 0) {
        direction = -direction;
        top = Math.min(max, Math.max(0, top));
      }
      scroller.scrollTop = top;
      state.scrolled += pxPerFrame;
    }
    last = now;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

export function stopFrameRecorder(): { deltas: number[]; longTasks: number[]; scrolled: number } {
  const state = window.__benchFrames;
  if (!state) throw new Error('the frame recorder was not started');
  state.stop = true;
  state.observer.disconnect();
  return { deltas: state.deltas, longTasks: state.longTasks, scrolled: Math.round(state.scrolled) };
}

/**
 * The price each rendered rate row shows, as [symbol, digits]: the visible text of the price cell
 * without grouping commas and without the alignment padding (which is not part of the value).
 */
export function renderedPrices(): [string, string][] {
  const out: [string, string][] = [];
  for (const row of document.querySelectorAll('[data-testid="rate-row"]')) {
    const money = row.querySelector('td.num span.money[title]');
    if (!money) continue;
    const text = [...money.childNodes]
      .filter((n) => !(n instanceof Element && n.classList.contains('money__pad')))
      .map((n) => n.textContent ?? '')
      .join('');
    out.push([row.getAttribute('data-symbol') ?? '', text.replace(/,/g, '')]);
  }
  return out;
}

/**
 * Milliseconds from moving to `hash` until `selector` is first in the page and painted (the next
 * animation frame), measured in the page from the moment the hash is set.
 */
export function timeUntilShown({ hash, selector }: { hash: string; selector: string }): Promise<number> {
  return new Promise((resolve) => {
    const started = performance.now();
    const observer = new MutationObserver(() => {
      if (!document.querySelector(selector)) return;
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - started));
    });
    observer.observe(document, { subtree: true, childList: true });
    location.hash = hash;
  });
}

/** How many table rows `selector` holds right now (rendered rows, spacer and loading rows included). */
export function countRows(selector: string): number {
  return document.querySelectorAll(`${selector} tbody tr`).length;
}
