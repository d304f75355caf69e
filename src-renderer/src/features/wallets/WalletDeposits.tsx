import { addDecimal } from '@shared/money/exact';
import { Amount } from '../../components/Money';
import { formatZonedDateTime } from '../../lib/zoned-time';
import { useWalletsStore } from './wallets-store';

/** How many of a wallet's deposits its card lists; the Money in screen has them all. */
const SHOWN = 3;

const shortHash = (hash: string) => (hash.length > 20 ? `${hash.slice(0, 8)}…${hash.slice(-8)}` : hash);

/** What arrived at one wallet, as verified webhooks reported it: the count, the sum and the newest few. */
export function WalletDeposits({ walletId, coin }: { walletId: string; coin: string }) {
  const all = useWalletsStore((s) => s.deposits);
  const failed = useWalletsStore((s) => s.depositsError);
  if (!all)
    return failed ? (
      <p className="muted" data-testid="wallet-deposits">
        Deposits could not be read: {failed.message}
      </p>
    ) : null;
  const mine = all.filter((d) => d.walletId === walletId);
  if (mine.length === 0)
    return (
      <p className="muted" data-testid="wallet-deposits">
        No deposit seen yet.
      </p>
    );
  const total = addDecimal(...mine.map((d) => d.amount));
  return (
    <div className="wallet-deposits" data-testid="wallet-deposits">
      <p>
        <strong>
          {mine.length} {mine.length === 1 ? 'deposit' : 'deposits'}
        </strong>
        , <Amount value={total} unit={coin} /> in all
      </p>
      <ul className="wallet-deposits__list">
        {mine.slice(0, SHOWN).map((d) => (
          <li key={d.key} data-testid="wallet-deposit">
            <Amount value={d.amount} unit={coin} /> <span className="muted">{formatZonedDateTime(d.at)}</span>
            {d.txHash && (
              <>
                {' '}
                · tx <code title={d.txHash}>{shortHash(d.txHash)}</code>
              </>
            )}
          </li>
        ))}
      </ul>
      {mine.length > SHOWN && (
        <p className="muted">
          {mine.length - SHOWN} older {mine.length - SHOWN === 1 ? 'one' : 'ones'} on the Money in screen.
        </p>
      )}
    </div>
  );
}
