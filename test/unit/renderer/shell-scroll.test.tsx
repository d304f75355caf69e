// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '@renderer/App';
import { installDomMerchant } from './dom-merchant';

afterEach(cleanup);

describe('moving to another screen', () => {
  it('starts it at its top, not at the offset the last screen was scrolled to', async () => {
    window.location.hash = '#/settings';
    installDomMerchant({});
    const { container } = render(<App />);
    // The shell's scrolled area (styles.css: .main scrolls, below the top bar and the warnings).
    const scroller = container.querySelector<HTMLElement>('main.main')!;
    scroller.scrollTop = 800;
    expect(scroller.scrollTop).toBe(800);
    act(() => {
      window.location.hash = '#/overview';
      window.dispatchEvent(new HashChangeEvent('hashchange'));
    });
    expect(await screen.findByRole('heading', { name: 'Overview', level: 1 })).toBeTruthy();
    expect(scroller.scrollTop).toBe(0);
    cleanup();
    await new Promise((resolve) => setImmediate(resolve));
  });
});
