import QRCode from 'qrcode';
import { createRaster, textHeight, textWidth, type Rgb } from './raster';

/**
 * The QR image a person saves from Wallets: the code in the same frame and with the same words as on
 * screen (the Sandbox's striped border and "SANDBOX — not payable", the coin and network, the address),
 * so a saved Sandbox code cannot pass for a payable one, and a saved file says what it is for.
 */
export type QrEnvironment = 'live' | 'sandbox';

export interface QrCardInput {
  /** What the code encodes: the deposit address, as the service gave it. */
  address: string;
  environment: QrEnvironment;
  coin: string;
  /** The network's code ("tron"): the file name carries it. */
  network: string;
  /** The network as the catalog names it ("TRON (TRC-20)"), when known. */
  networkName: string | null;
}

/** The words on the Sandbox's frame, as the screen shows them (src-renderer QrCode's caption). */
export const SANDBOX_CAPTION = 'SANDBOX — not payable';

const WHITE: Rgb = [255, 255, 255];
const INK: Rgb = [27, 31, 36];
/** The code itself is pure black on white, as on screen, in every theme. */
const BLACK: Rgb = [0, 0, 0];
/** The Sandbox colour of the light theme (--color-sandbox, #0b6e69, in the renderer's styles.css): a file has no theme. */
export const SANDBOX_COLOR: Rgb = [11, 110, 105];
const PAPER_EDGE: Rgb = [196, 201, 208];
/** Error correction M and a four-module quiet zone, as the renderer draws its codes (lib/qr-matrix). */
const QUIET = 4;
const MODULE_PX = 6;
const PAD = 16;
const GAP = 12;
/** The Sandbox's striped border (10-pixel stripes at 135°, as on screen), or a thin edge for live. */
const border = (env: QrEnvironment): number => (env === 'sandbox' ? 12 : 2);

export interface CardLine {
  text: string;
  x: number;
  y: number;
  scale: number;
}

export interface QrCardLayout {
  width: number;
  height: number;
  border: number;
  banner: { x: number; y: number; w: number; h: number } | null;
  qr: {
    x: number;
    y: number;
    modules: number;
    modulePx: number;
    dark: (row: number, col: number) => boolean;
  };
  lines: CardLine[];
}

export const pairWords = (input: QrCardInput): string =>
  `${input.coin.toUpperCase()} · ${input.networkName ?? input.network.toUpperCase()}`;

/** Where everything goes: also what a test reads the saved image back by. */
export function qrCardLayout(input: QrCardInput): QrCardLayout {
  const code = QRCode.create(input.address, { errorCorrectionLevel: 'M' });
  const { size, data } = code.modules;
  const modules = size + 2 * QUIET;
  const qrPx = modules * MODULE_PX;
  const b = border(input.environment);
  const sandbox = input.environment === 'sandbox';
  const words: Array<[string, number]> = [
    [pairWords(input), 3],
    [input.address, 2],
  ];
  const content = Math.max(
    qrPx,
    sandbox ? textWidth(SANDBOX_CAPTION, 3) + 2 * PAD : 0,
    ...words.map(([text, scale]) => textWidth(text, scale)),
  );
  const width = 2 * (b + PAD) + content;
  const centred = (w: number): number => b + PAD + Math.floor((content - w) / 2);
  const lines: CardLine[] = [];
  let y = b + PAD;
  let banner: QrCardLayout['banner'] = null;
  if (sandbox) {
    banner = { x: b + PAD, y, w: content, h: textHeight(3) + 2 * 8 };
    lines.push({ text: SANDBOX_CAPTION, x: centred(textWidth(SANDBOX_CAPTION, 3)), y: y + 8, scale: 3 });
    y += banner.h + GAP;
  }
  const qr = {
    x: centred(qrPx),
    y,
    modules,
    modulePx: MODULE_PX,
    dark: (row: number, col: number): boolean => {
      const r = row - QUIET;
      const c = col - QUIET;
      return r >= 0 && c >= 0 && r < size && c < size && data[r * size + c] === 1;
    },
  };
  y += qrPx + GAP;
  for (const [text, scale] of words) {
    lines.push({ text, x: centred(textWidth(text, scale)), y, scale });
    y += textHeight(scale) + 10;
  }
  return { width, height: y - 10 + PAD + b, border: b, banner, qr, lines };
}

/** The PNG bytes of the framed code. */
export function qrCardPng(input: QrCardInput): Buffer {
  const layout = qrCardLayout(input);
  const { width, height, border: b } = layout;
  const raster = createRaster(width, height, WHITE);
  const edge = (x: number, y: number): Rgb =>
    input.environment === 'live' ? PAPER_EDGE : Math.floor((x + y) / 10) % 2 === 0 ? SANDBOX_COLOR : WHITE;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (x < b || y < b || x >= width - b || y >= height - b) raster.fill(x, y, 1, 1, edge(x, y));
  if (layout.banner) {
    const { x, y, w, h } = layout.banner;
    raster.fill(x, y, w, h, SANDBOX_COLOR);
  }
  const { qr } = layout;
  for (let row = 0; row < qr.modules; row++)
    for (let col = 0; col < qr.modules; col++)
      if (qr.dark(row, col))
        raster.fill(qr.x + col * qr.modulePx, qr.y + row * qr.modulePx, qr.modulePx, qr.modulePx, BLACK);
  layout.lines.forEach((line, i) =>
    raster.text(line.text, line.x, line.y, line.scale, layout.banner && i === 0 ? WHITE : INK),
  );
  return raster.png();
}

/** "merchant-desk-SANDBOX-USDT-TRON-TNPeeaaF.png": which environment, pair and address, at a glance. */
export function qrCardFileName(input: QrCardInput): string {
  const part = (value: string) => value.replace(/[^A-Za-z0-9]/g, '');
  return (
    [
      'merchant-desk',
      input.environment === 'sandbox' ? 'SANDBOX' : 'LIVE',
      part(input.coin).toUpperCase(),
      part(input.network).toUpperCase(),
      part(input.address).slice(0, 8),
    ].join('-') + '.png'
  );
}
