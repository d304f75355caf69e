import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import {
  qrCardFileName,
  qrCardLayout,
  qrCardPng,
  SANDBOX_CAPTION,
  SANDBOX_COLOR,
  type QrCardInput,
} from '@main/services/qr-card/qr-card';
import { readLine, readPng } from '@test/helpers/qr-card-reader';

// Issue 25, item 2: "Save QR as PNG…" wrote a bare code, without "SANDBOX — not payable" and without
// the coin or network the screen shows beside it.
const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const SANDBOX: QrCardInput = {
  address: ADDRESS,
  environment: 'sandbox',
  coin: 'usdt',
  network: 'tron',
  networkName: 'TRON (TRC-20)',
};
const LIVE: QrCardInput = { ...SANDBOX, environment: 'live' };
const same = (a: readonly number[], b: readonly number[]) => a.every((v, i) => v === b[i]);

/** The bare code at the same module size: what was saved before. */
const bareSide = (() => {
  const size = QRCode.create(ADDRESS, { errorCorrectionLevel: 'M' }).modules.size;
  return (size + 8) * 6;
})();

describe('the saved QR image', () => {
  it('in the Sandbox: scans to the address, inside the striped frame, under "SANDBOX — not payable", with the pair and the address', () => {
    const png = readPng(qrCardPng(SANDBOX));
    const layout = qrCardLayout(SANDBOX);
    expect(png.scanned).toBe(ADDRESS);
    expect(png.width).toBeGreaterThan(bareSide);
    expect(png.height).toBeGreaterThan(bareSide + 60);
    // The words, read back from the pixels glyph by glyph.
    expect(layout.lines.map((line) => readLine(png, line, [...line.text].length))).toEqual([
      SANDBOX_CAPTION,
      'USDT · TRON (TRC-20)',
      ADDRESS,
    ]);
    // The caption sits on the Sandbox colour; the border is striped in it and white.
    const banner = layout.banner!;
    expect(same(png.rgb(banner.x + 2, banner.y + 2), SANDBOX_COLOR)).toBe(true);
    const edge = Array.from({ length: 40 }, (_, x) => png.rgb(x, 5));
    expect(edge.some((c) => same(c, SANDBOX_COLOR))).toBe(true);
    expect(edge.some((c) => same(c, [255, 255, 255]))).toBe(true);
  });

  it('live: scans to the address, with the pair and the address and no Sandbox mark', () => {
    const png = readPng(qrCardPng(LIVE));
    const layout = qrCardLayout(LIVE);
    expect(png.scanned).toBe(ADDRESS);
    expect(layout.banner).toBeNull();
    expect(layout.lines.map((line) => readLine(png, line, [...line.text].length))).toEqual([
      'USDT · TRON (TRC-20)',
      ADDRESS,
    ]);
    let sandboxPixels = 0;
    for (let y = 0; y < png.height; y += 2)
      for (let x = 0; x < png.width; x += 2) if (same(png.rgb(x, y), SANDBOX_COLOR)) sandboxPixels++;
    expect(sandboxPixels).toBe(0);
  });

  it('reads a different line as different words (the reader is not fooled)', () => {
    const png = readPng(qrCardPng(SANDBOX));
    const [caption] = qrCardLayout(SANDBOX).lines;
    expect(readLine(png, { ...caption!, x: caption!.x + 6 * caption!.scale }, 5)).toBe('ANDBO');
  });

  it('names the file by environment, pair and the start of the address', () => {
    expect(qrCardFileName(SANDBOX)).toBe('merchant-desk-SANDBOX-USDT-TRON-TNPeeaaF.png');
    expect(qrCardFileName(LIVE)).toBe('merchant-desk-LIVE-USDT-TRON-TNPeeaaF.png');
    expect(qrCardFileName({ ...LIVE, address: '../x/..', network: 'e/th' })).toBe(
      'merchant-desk-LIVE-USDT-ETH-x.png',
    );
  });

  it('falls back to the network code when the catalog name is not known', () => {
    const input = { ...LIVE, networkName: null };
    const png = readPng(qrCardPng(input));
    const [pairLine] = qrCardLayout(input).lines;
    expect(readLine(png, pairLine!, 'USDT · TRON'.length)).toBe('USDT · TRON');
  });
});
