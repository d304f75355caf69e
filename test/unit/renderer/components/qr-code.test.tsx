// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { afterEach, describe, expect, it } from 'vitest';
import { QrCode, QrImage } from '@renderer/components/QrCode';
import { decodeSvg, rasterise } from './qr-raster';

afterEach(cleanup);

const TRON = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const CHECKOUT =
  'https://pay.example.com/checkout/inv_01HZX3K9QF8W2M4N6P7R8S9T0V?lang=en&return=https%3A%2F%2Fshop.example.com%2Forders%2F12345';

const svgOf = (container: HTMLElement) => {
  const svg = container.querySelector('svg.qr-code');
  if (!(svg instanceof SVGElement)) throw new Error('no QR svg rendered');
  return svg;
};

describe('QrCode', () => {
  it.each([
    ['a TRON address', TRON],
    ['a long checkout URL', CHECKOUT],
    ['a BIP21 URI with an amount', 'bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.00125'],
  ])('draws %s so that it decodes back to the exact payload', (_, payload) => {
    const { container } = render(<QrCode payload={payload} what="the address" environment="live" />);
    expect(decodeSvg(svgOf(container))).toBe(payload);
  });

  it('keeps a quiet zone of four modules, black on white, at least 192 px at a whole pixel scale', () => {
    const { container } = render(<QrCode payload={TRON} what="the address" environment="live" />);
    const svg = svgOf(container);
    const { side, dark } = rasterise(svg);
    for (const module of dark) {
      const [row, col] = [Math.floor(module / side), module % side];
      expect(Math.min(row, col, side - 1 - row, side - 1 - col)).toBeGreaterThanOrEqual(4);
    }
    expect(svg.querySelector('rect')?.getAttribute('fill')).toBe('#ffffff');
    expect(svg.querySelector('path')?.getAttribute('fill')).toBe('#000000');
    const width = Number(svg.getAttribute('width'));
    expect(width).toBeGreaterThanOrEqual(192);
    expect(width % side).toBe(0);
    expect(svg.getAttribute('height')).toBe(svg.getAttribute('width'));
  });

  it('is named for what it encodes and, live, says nothing of the Sandbox', () => {
    const { container } = render(<QrCode payload={TRON} what="the deposit address" environment="live" />);
    expect(screen.getByRole('img', { name: 'QR code for the deposit address' })).toBeTruthy();
    expect(container.textContent).not.toMatch(/sandbox/i);
  });

  it('marks a Sandbox code as not payable, in its name and in a visible caption outside the symbol', () => {
    const { container } = render(<QrCode payload={TRON} what="the deposit address" environment="sandbox" />);
    screen.getByRole('img', { name: 'QR code for the deposit address (SANDBOX — not payable)' });
    expect(screen.getByTestId('qr-sandbox-caption').textContent).toBe('SANDBOX — not payable');
    // Still scannable: the rehearsal must read exactly like the real thing.
    expect(decodeSvg(svgOf(container))).toBe(TRON);
  });

  it('explains in place when the payload cannot be drawn, instead of throwing', () => {
    render(<QrCode payload={'x'.repeat(5000)} what="the checkout link" environment="live" />);
    expect(screen.getByRole('alert').textContent).toBe(
      'No QR code for the checkout link: This text is too long to fit in a QR code.',
    );
  });

  it('uses no inline style attribute, which the renderer CSP (style-src self) would block', () => {
    const { container } = render(<QrCode payload={TRON} what="x" environment="sandbox" />);
    expect(container.querySelectorAll('[style]')).toHaveLength(0);
  });
});

/** A PNG the way the service's getWalletQrCode sends one: the modules drawn with a quiet zone. */
function servicePng(payload: string, scale = 4, margin = 4): string {
  const { size, data } = QRCode.create(payload, { errorCorrectionLevel: 'M' }).modules;
  const side = (size + margin * 2) * scale;
  const png = new PNG({ width: side, height: side });
  png.data.fill(255);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const [r, c] = [Math.floor(y / scale) - margin, Math.floor(x / scale) - margin];
      if (r < 0 || c < 0 || r >= size || c >= size || !data[r * size + c]) continue;
      const at = (y * side + x) * 4;
      png.data[at] = png.data[at + 1] = png.data[at + 2] = 0;
    }
  return PNG.sync.write(png).toString('base64');
}

describe('QrImage', () => {
  it('shows the service PNG unchanged, in the frame, and what it shows decodes to the payload', () => {
    const base64 = servicePng(TRON);
    render(
      <QrImage
        image={{ contentType: 'image/png', base64 }}
        what="the wallet address"
        environment="sandbox"
      />,
    );
    const img = screen.getByRole('img', { name: 'QR code for the wallet address (SANDBOX — not payable)' });
    const src = img.getAttribute('src') ?? '';
    expect(src).toBe(`data:image/png;base64,${base64}`);
    const png = PNG.sync.read(Buffer.from(src.split(',')[1] ?? '', 'base64'));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(TRON);
    expect(screen.getByTestId('qr-sandbox-caption').textContent).toBe('SANDBOX — not payable');
  });

  it.each([
    ['another content type', { contentType: 'text/html', base64: 'PGgxPmhpPC9oMT4=' }],
    ['base64 that would break out of the data URL', { contentType: 'image/png', base64: 'AAAA"onerror=x' }],
    ['an empty image', { contentType: 'image/png', base64: '' }],
  ])('refuses %s with a message instead of an image', (_, image) => {
    render(<QrImage image={image} what="the wallet address" environment="live" />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('alert').textContent).toMatch(/cannot be shown .*Use the address text instead/);
  });
});
