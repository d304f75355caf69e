/**
 * How every browser test and bench starts Debian's Chromium: Playwright's own browser download is not
 * available here (and not needed). Without the background-networking flags Chromium keeps trying to
 * reach Google's hosts, which this machine's closed network refuses.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-gpu',
  '--no-first-run',
  '--disable-sync',
];
