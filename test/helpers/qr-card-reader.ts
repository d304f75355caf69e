import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { glyphOf, GLYPH_ADVANCE } from '@main/services/qr-card/bitmap-font';
import type { CardLine } from '@main/services/qr-card/qr-card';

const UNKNOWN = glyphOf('\u0000');
/** Every character the font draws: printable ASCII and the two marks the words use, minus the ones it draws as '?'. */
const CHARACTERS = [...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)), '—', '·'].filter(
  (ch) => ch === '?' || glyphOf(ch) !== UNKNOWN,
);

/** A saved PNG as pixels, with what a phone would scan from it. */
export function readPng(bytes: Buffer) {
  const image = PNG.sync.read(bytes);
  const rgb = (x: number, y: number): [number, number, number] => {
    const at = (y * image.width + x) * 4;
    return [image.data[at]!, image.data[at + 1]!, image.data[at + 2]!];
  };
  const scanned = jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
  return { width: image.width, height: image.height, rgb, scanned };
}

/**
 * Reads one line of the bitmap font back from the image, glyph by glyph: each cell is sampled at its
 * centre, and the 5×7 pattern must be exactly one of the font's characters ('�' when none).
 */
export function readLine(png: ReturnType<typeof readPng>, line: CardLine, length: number): string {
  const inked = (x: number, y: number): boolean => {
    const [r, g, b] = png.rgb(x, y);
    const background = png.rgb(line.x - 2, line.y - 2);
    return Math.abs(r - background[0]) + Math.abs(g - background[1]) + Math.abs(b - background[2]) > 150;
  };
  let text = '';
  for (let i = 0; i < length; i++) {
    const cells = Array.from({ length: 7 }, (_, row) =>
      Array.from({ length: 5 }, (_, col) =>
        inked(
          line.x + (i * GLYPH_ADVANCE + col) * line.scale + Math.floor(line.scale / 2),
          line.y + row * line.scale + Math.floor(line.scale / 2),
        ),
      ),
    );
    const match = CHARACTERS.find((ch) =>
      glyphOf(ch).every((row, r) => row.every((on, c) => on === cells[r]![c])),
    );
    text += match ?? '�';
  }
  return text;
}
