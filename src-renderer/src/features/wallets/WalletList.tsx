import type { WalletEntry } from '@contract';
import { AddressText } from '../../components/AddressText';
import { Badge, type BadgeTone } from '../../components/Badge';
import { QrImage, type MoneyEnvironment } from '../../components/QrCode';
import { EmptyState, ErrorNotice, NOTHING_SENT } from '../../components/StateViews';
import { formatZonedDateTime } from '../../lib/zoned-time';
import { useRecordsFrom } from '../../stores/use-records-from';
import { useRefusedWrite } from '../../stores/use-refused-write';
import { SaveQrButton } from './SaveQrButton';
import { WalletDeposits } from './WalletDeposits';
import { readWallet, walletStateText } from './wallet-words';
import { useWalletsStore } from './wallets-store';

export type NetworkNames = ReadonlyMap<string, string>;

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

const TONE: Record<WalletEntry['entry']['state'], BadgeTone> = {
  sending: 'info',
  accepted: 'good',
  rejected: 'bad',
  unknown: 'unknown',
  'resolved-performed': 'good',
  'resolved-not-performed': 'bad',
};

function WalletQr({
  walletId,
  what,
  environment,
}: {
  walletId: string;
  what: string;
  environment: MoneyEnvironment;
}) {
  const qr = useWalletsStore((s) => s.qr[walletId]);
  const loadQr = useWalletsStore((s) => s.loadQr);
  if (!qr || qr.status === 'error')
    return (
      <div>
        <button
          type="button"
          className="button"
          onClick={() => void loadQr(walletId)}
          data-testid="wallet-show-qr"
        >
          {qr ? 'Try the QR code again' : 'Show QR code'}
        </button>
        {qr?.status === 'error' && (
          <ErrorNotice title="The QR code could not be loaded." error={qr.error} sent={NOTHING_SENT} />
        )}
      </div>
    );
  if (qr.status === 'loading') return <p className="muted">Loading the QR code…</p>;
  return (
    <div className="wallet-row__qr" data-testid="wallet-row-qr">
      <QrImage image={qr.image} what={what} environment={environment} />
      <SaveQrButton walletId={walletId} />
    </div>
  );
}

function WalletRow({
  wallet,
  environment,
  names,
}: {
  wallet: WalletEntry;
  environment: MoneyEnvironment;
  names: NetworkNames;
}) {
  const { entry, label } = wallet;
  const coin = textOf(entry.fields.coin).toUpperCase();
  const networkCode = textOf(entry.fields.network);
  const network = names.get(networkCode) ?? networkCode.toUpperCase();
  const { address } = readWallet(entry.response);
  const walletId = textOf(entry.externalIds.walletId) || null;
  return (
    <li className="wallet-row panel" data-testid="wallet-row" data-state={entry.state}>
      <div className="wallet-row__head">
        <strong>{label ?? 'No label'}</strong>
        <span>
          {coin} · {network}
        </span>
        <Badge tone={TONE[entry.state]}>{walletStateText(entry.state)}</Badge>
        <span className="muted">{formatZonedDateTime(entry.createdAt)}</span>
      </div>
      {address ? (
        <AddressText address={address} label={`${coin} deposit address`} copyable />
      ) : (
        <p className="muted">
          No address: {entry.state === 'unknown' ? 'the answer did not arrive.' : 'none was given.'}
        </p>
      )}
      {walletId && entry.state !== 'rejected' && <WalletDeposits walletId={walletId} coin={coin} />}
      {walletId && entry.state !== 'rejected' && (
        <WalletQr
          walletId={walletId}
          what={`the ${coin} deposit address ${label ? `(${label})` : ''}`.trim()}
          environment={environment}
        />
      )}
    </li>
  );
}

export function WalletList({
  wallets,
  environment,
  names,
}: {
  wallets: readonly WalletEntry[];
  environment: MoneyEnvironment;
  names: NetworkNames;
}) {
  const from = useRecordsFrom();
  const offered = useRefusedWrite('wallets') === null;
  if (wallets.length === 0)
    return (
      <EmptyState title={`No wallets created ${from} yet.`}>
        <p>
          {offered
            ? 'Create one above; it will be listed here with its address and QR code.'
            : 'Those the team creates will be listed here with their addresses and QR codes.'}
        </p>
      </EmptyState>
    );
  return (
    <ol className="wallet-list" data-testid="wallet-list">
      {wallets.map((wallet) => (
        <WalletRow key={wallet.entry.id} wallet={wallet} environment={environment} names={names} />
      ))}
    </ol>
  );
}
