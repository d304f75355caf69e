import jsQR from 'jsqr';

/**
 * Reads a rendered <svg class="qr-code"> back the way a camera would: rasterised from its own viewBox
 * and path (the "M{x} {y}h{n}v1h-{n}z" runs the component draws), then decoded with jsQR.
 */
export function rasterise(svg: SVGElement, pixelsPerModule = 4) {
  const [, , side] = (svg.getAttribute('viewBox') ?? '').split(' ').map(Number);
  if (!side) throw new Error('svg has no viewBox');
  const d = svg.querySelector('path')?.getAttribute('d') ?? '';
  const dark = new Set<number>();
  for (const m of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    const [x, y, n] = [Number(m[1]), Number(m[2]), Number(m[3])];
    for (let i = 0; i < n; i++) dark.add(y * side + x + i);
  }
  // Every run must have been understood: anything else in the path would be drawn but not decoded here.
  if (d.replace(/M\d+ \d+h(\d+)v1h-\1z/g, '') !== '') throw new Error(`unexpected path data: ${d}`);
  const width = side * pixelsPerModule;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (let py = 0; py < width; py++)
    for (let px = 0; px < width; px++) {
      const module = Math.floor(py / pixelsPerModule) * side + Math.floor(px / pixelsPerModule);
      if (!dark.has(module)) continue;
      const at = (py * width + px) * 4;
      pixels[at] = pixels[at + 1] = pixels[at + 2] = 0;
    }
  return { side, dark, pixels, width };
}

export function decodeSvg(svg: SVGElement): string | null {
  const { pixels, width } = rasterise(svg);
  return jsQR(pixels, width, width)?.data ?? null;
}
