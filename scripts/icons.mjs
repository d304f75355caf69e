// `npm run icons`: renders build/icon.svg, the one source image, into every icon electron-builder
// packs: build/icon.icns (macOS), build/icon.ico (Windows) and build/icons/<size>x<size>.png (Linux).
// Run it after changing the SVG and commit the results; packaging only reads the generated files.
// The SVG is rendered by the Chromium the browser tests use (test/helpers/chromium.ts decides which;
// run under tsx so that rule is read from there), each Linux size straight from the vector so small
// sizes stay sharp; png2icons assembles the ICNS and ICO from the 1024 px rendering.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import png2icons from 'png2icons';
import { CHROMIUM_ARGS, chromiumExecutable } from '../test/helpers/chromium.ts';

const BUILD = new URL('../build/', import.meta.url);
const SOURCE = new URL('icon.svg', BUILD);
const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512];

/** Renders the SVG at `size` × `size` pixels to PNG bytes, transparent outside the artwork. */
async function renderer() {
  const browser = await chromium.launch({
    executablePath: chromiumExecutable(),
    args: CHROMIUM_ARGS,
  });
  const svg = readFileSync(SOURCE, 'utf8');
  const render = async (size) => {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const html =
      '<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block;width:100vw;height:100vh}</style>' +
      svg;
    await page.setContent(html);
    const png = await page.screenshot({ omitBackground: true, type: 'png' });
    await page.close();
    return png;
  };
  return { render, close: () => browser.close() };
}

function write(name, bytes) {
  const url = new URL(name, BUILD);
  mkdirSync(new URL('.', url), { recursive: true });
  writeFileSync(url, bytes);
  console.log(`  ${fileURLToPath(url)} (${bytes.length} bytes)`);
}

async function main() {
  const { render, close } = await renderer();
  try {
    const master = await render(1024);
    write('icon.png', master);
    for (const size of LINUX_SIZES) write(`icons/${size}x${size}.png`, await render(size));
    const icns = png2icons.createICNS(master, png2icons.BICUBIC, 0);
    // ICO for an executable: bitmaps up to 48 px (old Windows dialogs), PNG above.
    const ico = png2icons.createICO(master, png2icons.BICUBIC, 0, false, true);
    if (!icns || !ico) throw new Error('png2icons could not convert build/icon.png');
    write('icon.icns', icns);
    write('icon.ico', ico);
  } finally {
    await close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`npm run icons: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
    process.exit(1);
  });
}
