import { ErrorNotice } from '../../components/StateViews';
import { useWalletsStore } from './wallets-store';

/** Saves the QR code as a PNG with its frame and words (main draws it): a save dialog in the app, a file in the data folder in tests. */
export function SaveQrButton({ walletId }: { walletId: string }) {
  const saved = useWalletsStore((s) => s.saved[walletId]);
  const saveQr = useWalletsStore((s) => s.saveQr);
  return (
    <div className="wallet-save">
      <button
        type="button"
        className="button"
        onClick={() => void saveQr(walletId)}
        data-testid="wallet-save-qr"
      >
        Save QR as PNG…
      </button>
      {saved && 'path' in saved && (
        <p className="muted" role="status" data-testid="wallet-saved">
          {saved.path ? `Saved to ${saved.path}` : 'Not saved: the save dialog was cancelled.'}
        </p>
      )}
      {saved && 'error' in saved && (
        <ErrorNotice
          title="The QR image could not be saved."
          error={saved.error}
          sent="Nothing was created or changed."
        />
      )}
    </div>
  );
}
