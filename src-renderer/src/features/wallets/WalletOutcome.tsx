import { OutcomeRegion } from '../../components/forms/OutcomeRegion';
import { AddressText } from '../../components/AddressText';
import { PayInstruction } from '../../components/PayInstruction';
import { QrCode, type MoneyEnvironment } from '../../components/QrCode';
import { ErrorNotice } from '../../components/StateViews';
import { useWalletsStore, type CreateOutcome } from './wallets-store';
import { SaveQrButton } from './SaveQrButton';
import { isLimit, waitText, WALLET_LIMIT_TEXT } from './wallet-words';
import type { NetworkNames } from './WalletList';
import { UnknownNotice } from '../../components/forms/UnknownNotice';

interface OutcomeProps {
  environment: MoneyEnvironment;
  names: NetworkNames;
}

/** Where the last creation's outcome appears (focused when a new one arrives). */
export function WalletOutcome(props: OutcomeProps) {
  const outcome = useWalletsStore((s) => s.outcome);
  return (
    <OutcomeRegion outcome={outcome} className="wallet-outcome" testId="wallet-outcome">
      {(arrived) => <OutcomeBody outcome={arrived} {...props} />}
    </OutcomeRegion>
  );
}

/** The new address, or why there is none, or that we cannot know. */
function OutcomeBody({ outcome, environment, names }: OutcomeProps & { outcome: CreateOutcome }) {
  if (outcome.kind === 'unknown')
    return (
      <UnknownNotice title="We don’t know whether this wallet was created." testId="wallet-unknown" alert>
        <p>
          The service may or may not have created this wallet: the answer did not arrive. Merchant Desk will
          not try again on its own.
        </p>
        <p>
          Before creating another, look for it in the list below or in the Journal (entry {outcome.journalId}
          ). A repeat creates a second address; no money moves either way.
        </p>
      </UnknownNotice>
    );
  if (outcome.kind === 'rejected') {
    if (isLimit(outcome.error))
      return (
        <div className="notice notice--warn" role="alert" data-testid="wallet-limit" data-state="error">
          <p className="notice__title">Too many new wallets in the last minute.</p>
          <p>
            {WALLET_LIMIT_TEXT} No wallet was created. {waitText(outcome.error)}
          </p>
          <p>What you typed is kept.</p>
        </div>
      );
    return (
      <ErrorNotice
        title="The wallet was not created."
        error={outcome.error}
        sent={
          outcome.journalId
            ? 'The service refused the request; no wallet exists. What you typed is kept.'
            : 'Nothing was sent. What you typed is kept.'
        }
      />
    );
  }
  const coin = outcome.coin.toUpperCase();
  const network = names.get(outcome.network) ?? outcome.network.toUpperCase();
  return (
    <section
      className="panel wallet-result"
      aria-labelledby="wallet-result-title"
      data-testid="wallet-result"
    >
      <h2 id="wallet-result-title">Wallet created{outcome.label ? `: ${outcome.label}` : ''}</h2>
      {outcome.address ? (
        <div className="wallet-result__body">
          <div className="wallet-result__qr" data-testid="wallet-result-qr">
            <QrCode
              payload={outcome.address}
              what={`the ${coin} deposit address`}
              environment={environment}
            />
          </div>
          <div className="wallet-result__text">
            <AddressText address={outcome.address} label={`${coin} deposit address`} copyable />
            <PayInstruction coin={coin} network={network} />
            {outcome.walletId && <SaveQrButton walletId={outcome.walletId} />}
          </div>
        </div>
      ) : (
        <p className="notice notice--warn">
          The service created the wallet but its answer carried no address. Open the Journal entry{' '}
          {outcome.journalId} to see the answer as it came.
        </p>
      )}
    </section>
  );
}
