// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '@renderer/App';
import { removeFakeMerchant } from './fake-merchant';
import { installDomMerchant } from './dom-merchant';

afterEach(() => {
  cleanup();
  removeFakeMerchant();
});

describe('the shell at start', () => {
  it('renders the navigation and the skeleton with no IPC call; the loads start right after the first paint', async () => {
    window.location.hash = '#/overview';
    const fake = installDomMerchant({});
    const { container } = render(<App />);
    expect(container.querySelectorAll('nav a[data-testid^="nav-"]').length).toBeGreaterThan(5);
    expect(screen.getByTestId('loading').textContent).toContain('Loading Overview');
    // Nothing asked of main yet: an answer's schema check would run before the first frame.
    expect(fake.calls).toEqual([]);
    await waitFor(() =>
      expect(fake.calls.map((c) => c.channel)).toEqual(
        expect.arrayContaining(['profiles.list', 'connection.status']),
      ),
    );
    await screen.findByTestId('about-dialog');
    // The parts drawn after the first paint start their loads as they arrive, and React renders the
    // answers in a task it queues: it must run before happy-dom's window goes, so the page goes first.
    cleanup();
    await new Promise((resolve) => setImmediate(resolve));
  });
});
