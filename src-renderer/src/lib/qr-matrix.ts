import QRCode from 'qrcode';

/**
 * Error correction M (about 15% of the symbol recoverable): these codes are read off a screen, where
 * glare and moiré damage a few modules, and nothing is ever drawn over them. A higher level would make
 * the symbol denser, so each module smaller and harder for a phone camera at the same rendered size.
 */
export const QR_ERROR_CORRECTION = 'M';
/** Light modules around the symbol on every side: the minimum ISO/IEC 18004 asks for. */
export const QR_QUIET_ZONE = 4;
/** Never drawn smaller than this, in CSS pixels. */
export const QR_MIN_PIXELS = 192;

export interface QrMatrix {
  /** Modules per side, quiet zone included: the SVG viewBox is 0 0 side side. */
  side: number;
  /** Pixels per module: a whole number so every module edge lands on a pixel edge. */
  scale: number;
  /** One path of the dark modules, a rectangle per horizontal run: "M{x} {y}h{n}v1h-{n}z". */
  path: string;
  version: number;
}

export type QrResult = { ok: true; matrix: QrMatrix } | { ok: false; reason: string };

/** The symbol for `payload`, or the reason in plain words why it cannot be drawn. */
export function qrMatrix(payload: string): QrResult {
  if (payload.length === 0) return { ok: false, reason: 'There is nothing to encode.' };
  let code: ReturnType<typeof QRCode.create>;
  try {
    code = QRCode.create(payload, { errorCorrectionLevel: QR_ERROR_CORRECTION });
  } catch {
    return { ok: false, reason: 'This text is too long to fit in a QR code.' };
  }
  const { size, data } = code.modules;
  const runs: string[] = [];
  for (let row = 0; row < size; row++) {
    let col = 0;
    while (col < size) {
      if (!data[row * size + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < size && data[row * size + col]) col++;
      const length = col - start;
      runs.push(`M${start + QR_QUIET_ZONE} ${row + QR_QUIET_ZONE}h${length}v1h-${length}z`);
    }
  }
  const side = size + 2 * QR_QUIET_ZONE;
  return {
    ok: true,
    matrix: { side, scale: Math.ceil(QR_MIN_PIXELS / side), path: runs.join(''), version: code.version },
  };
}
