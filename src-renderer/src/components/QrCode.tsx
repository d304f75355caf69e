import { useMemo, type ReactNode } from 'react';
import { qrMatrix } from '../lib/qr-matrix';
import './money-surfaces.css';

export type MoneyEnvironment = 'live' | 'sandbox';

export const SANDBOX_QR_CAPTION = 'SANDBOX — not payable';

interface QrFrameProps {
  environment: MoneyEnvironment;
  children: ReactNode;
}

/**
 * The white card every QR code sits on, in both themes and in forced-colours mode (see the CSS), with
 * the Sandbox warning above it and a striped Sandbox border around it. The warning is outside the symbol, never over it: a Sandbox
 * code must still scan, so tests and rehearsals read it like a real one.
 */
function QrFrame({ environment, children }: QrFrameProps) {
  const sandbox = environment === 'sandbox';
  return (
    <figure className={`qr-frame qr-frame--${environment}`} data-environment={environment}>
      {sandbox && (
        <figcaption className="qr-frame__caption" data-testid="qr-sandbox-caption">
          {SANDBOX_QR_CAPTION}
        </figcaption>
      )}
      <div className="qr-frame__paper">{children}</div>
    </figure>
  );
}

const accessibleName = (what: string, environment: MoneyEnvironment) =>
  environment === 'sandbox' ? `QR code for ${what} (${SANDBOX_QR_CAPTION})` : `QR code for ${what}`;

interface QrCodeProps {
  /** Exactly what a scanner reads: an address, a payment URI, a checkout URL. */
  payload: string;
  /** What the code is for, completing "QR code for …": "the deposit address". */
  what: string;
  environment: MoneyEnvironment;
}

/**
 * A QR code drawn here from `payload` (no network, no canvas): black modules on white, a four-module
 * quiet zone, a whole number of pixels per module and never under 192 px. SVG attributes only, no
 * inline styles and no markup strings, so the strict style-src of the renderer's CSP is untouched.
 */
export function QrCode({ payload, what, environment }: QrCodeProps) {
  const result = useMemo(() => qrMatrix(payload), [payload]);
  if (!result.ok)
    return (
      <p className="qr-error" role="alert">
        No QR code for {what}: {result.reason}
      </p>
    );
  const { side, scale, path } = result.matrix;
  return (
    <QrFrame environment={environment}>
      <svg
        className="qr-code"
        role="img"
        aria-label={accessibleName(what, environment)}
        viewBox={`0 0 ${side} ${side}`}
        width={side * scale}
        height={side * scale}
        shapeRendering="crispEdges"
        xmlns="http://www.w3.org/2000/svg"
      >
        <rect width={side} height={side} fill="#ffffff" />
        <path d={path} fill="#000000" />
      </svg>
    </QrFrame>
  );
}

/** Service images are shown only as PNG, from strict base64: nothing else reaches the data: URL. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

interface QrImageProps {
  /** As the service sent it (getWalletQrCode): the bytes in base64 and their content type. */
  image: { contentType: string; base64: string };
  what: string;
  environment: MoneyEnvironment;
}

/**
 * A QR image rendered by the service, in the same frame. The frame adds its own white margin because
 * the service's image may come without a quiet zone; it is scaled up pixelated, never down below 192 px.
 * This component cannot tell what the image encodes: the text beside it is what staff should check.
 */
export function QrImage({ image, what, environment }: QrImageProps) {
  const type = image.contentType.split(';')[0]?.trim().toLowerCase();
  if (type !== 'image/png' || image.base64.length === 0 || !BASE64.test(image.base64))
    return (
      <p className="qr-error" role="alert">
        The service sent a QR image for {what} that cannot be shown ({image.contentType || 'no type'}). Use
        the address text instead.
      </p>
    );
  return (
    <QrFrame environment={environment}>
      <img
        className="qr-image"
        src={`data:image/png;base64,${image.base64}`}
        alt={accessibleName(what, environment)}
      />
    </QrFrame>
  );
}
