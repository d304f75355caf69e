import { useState } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { QrCode, type MoneyEnvironment } from '../../components/QrCode';
import { callMerchant } from '../../lib/ipc';

const isHttps = (url: string) => URL.canParse(url) && new URL(url).protocol === 'https:';

type OpenState = null | 'opening' | 'opened' | 'refused' | 'failed';

const OPEN_WORDS: Record<Exclude<OpenState, null | 'opening'>, string> = {
  opened: 'Opened in your browser.',
  refused:
    'Not opened: Merchant Desk opens only the payment service’s own checkout pages. Copy the address instead.',
  failed: 'The browser could not be opened. Copy the address instead.',
};

/**
 * A checkout page address: the text exactly as sent, a copy button, opening in the system browser
 * (https only; main checks the address again), and a QR code of it drawn here for a customer at the till.
 */
export function CheckoutLink({
  url,
  environment,
  what = 'the checkout page',
}: {
  url: string;
  environment: MoneyEnvironment;
  what?: string;
}) {
  const [open, setOpen] = useState<OpenState>(null);
  const openIt = async () => {
    if (open === 'opening') return;
    setOpen('opening');
    const result = await callMerchant((api) => api.shell.openCheckout({ url }));
    setOpen(result.ok ? (result.data.opened ? 'opened' : 'refused') : 'failed');
  };
  return (
    <div className="checkout-link">
      <div className="checkout-link__qr">
        <QrCode payload={url} what={what} environment={environment} />
      </div>
      <div className="checkout-link__text">
        <p className="checkout-link__url" data-testid="checkout-url">
          {url}
        </p>
        <div className="form__actions">
          {isHttps(url) ? (
            <button
              type="button"
              className="button"
              onClick={() => void openIt()}
              aria-busy={open === 'opening'}
            >
              Open in browser
            </button>
          ) : (
            <p className="field__hint">
              Not an https:// address, so it is not opened from here; copy it instead.
            </p>
          )}
          <CopyButton text={url} what="checkout address" />
        </div>
        {open && open !== 'opening' && (
          <p className="muted" role="status">
            {OPEN_WORDS[open]}
          </p>
        )}
      </div>
    </div>
  );
}
