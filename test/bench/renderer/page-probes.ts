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

/**
 * The machine's floor for the frame figures: a page with nothing of the app in it, scrolled by the
 * same recorder. `static`: a plain 2 000-row table, all rows in the DOM (scrolling only composites).
 * `virtual`: a hand-written virtualised list (a spacer and ~40 absolutely placed rows whose text is
 * rewritten from an array on every scroll event), the least a virtualised list can do per frame.
 * Written into an empty document, so no framework, stylesheet or app script is involved.
 */
export function buildFloorPage({
  kind,
  rows,
  rowHeight,
}: {
  kind: 'static' | 'virtual';
  rows: number;
  rowHeight: number;
}): void {
  document.body.style.margin = '0';
  document.body.style.font = '14px system-ui, sans-serif';
  const scroller = document.createElement('div');
  scroller.id = 'floor';
  scroller.style.cssText = 'height: 640px; overflow: auto; position: relative; contain: strict;';
  document.body.append(scroller);
  const cells = (i: number) => [
    `t${i}`,
    `Test asset ${i}`,
    `${(i * 7919) % 100000}.${i % 100}`,
    `+${i % 7}.12 %`,
    `${1 + (i % 3)}`,
  ];
  if (kind === 'static') {
    const table = document.createElement('table');
    table.style.cssText = 'width: 100%; border-collapse: collapse;';
    const body = document.createElement('tbody');
    for (let i = 0; i < rows; i++) {
      const tr = document.createElement('tr');
      tr.style.height = `${rowHeight}px`;
      for (const text of cells(i)) {
        const td = document.createElement('td');
        td.textContent = text;
        td.style.borderBottom = '1px solid #ddd';
        tr.append(td);
      }
      body.append(tr);
    }
    table.append(body);
    scroller.append(table);
    return;
  }
  // The spacer gives the scroll height; the rows are placed from the top with `top: 0` and a
  // transform. Without `top` they sat at their static place, below the spacer: never in view, so the
  // floor measured scrolling an empty box (no row painted, nothing to raster or draw).
  const spacer = document.createElement('div');
  spacer.style.height = `${rows * rowHeight}px`;
  scroller.append(spacer);
  const pool: HTMLDivElement[] = [];
  const visible = Math.ceil(640 / rowHeight) + 8;
  for (let k = 0; k < visible; k++) {
    const row = document.createElement('div');
    row.style.cssText = `position: absolute; top: 0; left: 0; right: 0; height: ${rowHeight}px; display: grid; grid-template-columns: repeat(5, 1fr); border-bottom: 1px solid #ddd;`;
    for (let c = 0; c < 5; c++) row.append(document.createElement('span'));
    scroller.append(row);
    pool.push(row);
  }
  // Row i always lives in pool slot i % pool.length, so a frame rewrites only the rows that came
  // into view: what a keyed framework list does at best.
  const shown = pool.map(() => -1);
  const render = () => {
    const first = Math.max(0, Math.floor(scroller.scrollTop / rowHeight) - 4);
    for (let i = first; i < Math.min(rows, first + pool.length); i++) {
      const k = i % pool.length;
      if (shown[k] === i) continue;
      shown[k] = i;
      const row = pool[k]!;
      row.style.transform = `translateY(${i * rowHeight}px)`;
      cells(i).forEach((text, c) => (row.children[c]!.textContent = text));
    }
  };
  scroller.addEventListener('scroll', render, { passive: true });
  render();
}

/**
 * The text drawn at the middle of scroll container `selector`, as hit-testing finds it: proves a
 * floor page draws rows where the person would see them (frames.ts checks it before every floor run).
 */
export function textInView(selector: string): string {
  const scroller = document.querySelector(selector);
  if (!(scroller instanceof HTMLElement)) throw new Error(`no scroll container ${selector}`);
  const box = scroller.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + 10, box.top + box.height / 2);
  return hit && hit !== scroller && scroller.contains(hit) ? (hit.textContent ?? '') : '';
}
