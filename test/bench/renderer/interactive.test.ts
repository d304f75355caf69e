import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, newBenchContext } from './browser';
import { timeToInteractive } from './interactive';
import { serveStatic } from './static-server';

// The shell figures run the stand-in preload as Electron runs a preload: before the page's HTML is
// parsed and before any page script, and not as a file the page fetches (it is kept outside the
// served folder here). The page shows its shell only if the preload ran that early.
const dir = mkdtempSync(join(tmpdir(), 'md-bench-preload-'));
const site = join(dir, 'site');
const preload = join(dir, 'stand-in-preload.js');
let browser: Browser;

beforeAll(async () => {
  mkdirSync(site);
  writeFileSync(
    join(site, 'index.html'),
    `<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'">` +
      `<script type="module" src="./page.js"></script></head><body></body></html>`,
  );
  // The page's own script: the shell (nav link and skeleton) only when it finds the preload's global,
  // set before the document was parsed (the preload also sees no <body> yet).
  writeFileSync(
    join(site, 'page.js'),
    `const seen = window.standIn;\n` +
      `document.body.innerHTML = seen && seen.bodyAtStart === false\n` +
      `  ? '<nav><a href="#/x" data-testid="nav-x">X</a></nav><main><p data-testid="loading">Loading</p></main>'\n` +
      `  : '<p>the preload did not run first</p>';\n`,
  );
  writeFileSync(preload, `window.standIn = { bodyAtStart: document.body !== null };\n`);
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('timeToInteractive with a preload', () => {
  it('runs it before the page parses and before any page script', async () => {
    const server = await serveStatic(site);
    try {
      const result = await timeToInteractive(
        browser,
        [{ url: server.url, probes: ['shell-preload'], preload }],
        1,
      );
      expect(result['shell-preload']?.runs).toHaveLength(1);
      expect(result['shell-preload']!.medianMs).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('without one, the same page does not show its shell', async () => {
    const server = await serveStatic(site);
    const context = await newBenchContext(browser);
    try {
      const page = await context.newPage();
      await page.goto(server.url);
      await expect.poll(() => page.textContent('body')).toBe('the preload did not run first');
    } finally {
      await context.close();
      await server.close();
    }
  }, 60_000);
});
