import { crc32, deflateSync } from 'node:zlib';
import { GLYPH_ADVANCE, GLYPH_HEIGHT, GLYPH_WIDTH, glyphOf } from './bitmap-font';

export type Rgb = readonly [number, number, number];

/** An RGB image in memory, drawn with filled rectangles and the bitmap font, written out as PNG. */
export interface Raster {
  readonly width: number;
  readonly height: number;
  fill(x: number, y: number, w: number, h: number, color: Rgb): void;
  /** Draws `text` with its top-left at (x, y), each font cell `scale` pixels square. */
  text(text: string, x: number, y: number, scale: number, color: Rgb): void;
  png(): Buffer;
}

/** How wide `text` is when drawn at `scale` (no trailing blank column). */
export const textWidth = (text: string, scale: number): number =>
  [...text].length === 0 ? 0 : ([...text].length * GLYPH_ADVANCE - 1) * scale;
export const textHeight = (scale: number): number => GLYPH_HEIGHT * scale;

export function createRaster(width: number, height: number, background: Rgb): Raster {
  const pixels = new Uint8Array(width * height * 3);
  const fill = (x: number, y: number, w: number, h: number, [r, g, b]: Rgb): void => {
    for (let row = Math.max(0, y); row < Math.min(height, y + h); row++)
      for (let col = Math.max(0, x); col < Math.min(width, x + w); col++) {
        const at = (row * width + col) * 3;
        pixels[at] = r;
        pixels[at + 1] = g;
        pixels[at + 2] = b;
      }
  };
  fill(0, 0, width, height, background);
  return {
    width,
    height,
    fill,
    text(text, x, y, scale, color) {
      [...text].forEach((ch, i) => {
        const glyph = glyphOf(ch);
        for (let row = 0; row < GLYPH_HEIGHT; row++)
          for (let col = 0; col < GLYPH_WIDTH; col++)
            if (glyph[row]?.[col])
              fill(x + (i * GLYPH_ADVANCE + col) * scale, y + row * scale, scale, scale, color);
      });
    },
    png: () => encodePng(width, height, pixels),
  };
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** 8-bit truecolour PNG, every scanline unfiltered: small enough for flat colours once deflated. */
function encodePng(width: number, height: number, pixels: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const stride = width * 3;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let row = 0; row < height; row++) {
    raw[row * (stride + 1)] = 0; // filter: none
    raw.set(pixels.subarray(row * stride, (row + 1) * stride), row * (stride + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
