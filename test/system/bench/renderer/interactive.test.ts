import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, newBenchContext } from '@test/bench/renderer/browser';
import { timeToInteractive } from '@test/bench/renderer/interactive';

// The shell figures open the built page as a file (as Electron's loadFile does) and run the stand-in
// preload as Electron runs a preload: before the page's HTML is parsed and before any page script,
// not as a file the page loads. The page shows its shell only if the preload ran that early.
const dir = mkdtempSync(join(tmpdir(), 'md-bench-preload-'));
const site = join(dir, 'site');
const preload = join(dir, 'stand-in-preload.js');
const page = pathToFileURL(join(site, 'index.html')).href;
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
    const result = await timeToInteractive(browser, [{ url: page, probes: ['shell-preload'], preload }], 1);
    expect(result['shell-preload']?.runs).toHaveLength(1);
    expect(result['shell-preload']!.medianMs).toBeGreaterThan(0);
  }, 60_000);

  it('without one, the same page does not show its shell', async () => {
    const context = await newBenchContext(browser);
    try {
      const tab = await context.newPage();
      await tab.goto(page);
      await expect.poll(() => tab.textContent('body')).toBe('the preload did not run first');
    } finally {
      await context.close();
    }
  }, 60_000);
});
