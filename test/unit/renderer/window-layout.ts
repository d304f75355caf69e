import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/**
 * happy-dom lays nothing out: for each test, every box gets a window's size, so a virtualised list
 * renders the rows a window would show. Afterwards the page is emptied and the sizes restored.
 */
export function layOutAsAWindow(width = 800, height = 600): void {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
}
