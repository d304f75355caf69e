import { useEffect, useId, useRef, useState } from 'react';
import { AddressText } from '../../components/AddressText';
import { FormActions, type MoneyProfile } from '../../components/forms/FormActions';
import { FormPanel } from '../../components/forms/FormPanel';
import { SubmitButton } from '../../components/forms/SubmitButton';
import { Amount } from '../../components/Money';
import { formatDecimal, formatUsd } from '@shared/money/display';
import { formatPrice } from '../../lib/price-format';
import { formatClock } from '../../lib/time';
import { payerWords } from './AmountHelp';
import { AddressConfirmation } from './AddressConfirmation';
import { CONFIRM_LENGTH, mismatchedEnd, type TypedEnds } from './address-confirmation';
import { DuplicateOverride } from './DuplicateOverride';
import { reviewWarnings } from './review-warnings';
import { useWithdrawalFigures } from './use-withdrawal-figures';
import { addressVerdict } from './withdrawal-rules';
import { useWithdrawalsStore } from './withdrawals-store';

export const sendLabel = (amount: string, coin: string) =>
  `Send ${formatDecimal(amount)} ${coin.toUpperCase()}`;

/**
 * Everything before money moves (UX rule 4): the pair, amount, both fees, what the balance gives and
 * what the recipient receives under the fee-payer setting, the USD value, the whole address in groups
 * of four, and the warnings. Sending takes a deliberate act: typing the address's first and last six
 * characters.
 * The send button is never focused first, and a second click while one is on its way does nothing.
 */
export function WithdrawalReview({ profile }: { profile: MoneyProfile }) {
  const id = useId();
  const draft = useWithdrawalsStore((s) => s.draft);
  const entries = useWithdrawalsStore((s) => s.entries);
  const ownAddresses = useWithdrawalsStore((s) => s.ownAddresses);
  const sending = useWithdrawalsStore((s) => s.sending);
  const outcome = useWithdrawalsStore((s) => s.outcome);
  const send = useWithdrawalsStore((s) => s.send);
  const setStep = useWithdrawalsStore((s) => s.setStep);
  const path = useWithdrawalsStore((s) => s.path);
  const loadPath = useWithdrawalsStore((s) => s.loadPath);
  const figures = useWithdrawalFigures(draft);
  const { choice, quote, usd, rateAt, available, payer } = figures;
  const [typed, setTyped] = useState<TypedEnds>({ start: '', end: '' });
  const [problem, setProblem] = useState<{ end: keyof TypedEnds; message: string } | undefined>();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // Main is asked again as the review opens: a policy published meanwhile changes the button.
  useEffect(() => void loadPath(), [loadPath]);

  if (!choice || !quote) return null;
  const coin = choice.coin.toUpperCase();
  const amount = draft.amount.trim();
  const verdict = addressVerdict(choice.network, draft.address);
  const warnings = reviewWarnings(figures, draft.address, verdict, entries, ownAddresses, amount, Date.now());
  const wrongEnd = mismatchedEnd(draft.address, typed);
  const matches = wrongEnd === null;
  const submits = path.path === 'approval';
  const label = submits ? `Submit ${formatDecimal(amount)} ${coin} for approval` : sendLabel(amount, coin);
  const request = { coin: choice.coin, network: choice.network, amount, to_address: draft.address };

  function confirm() {
    if (sending) return;
    if (wrongEnd !== null) {
      const which = wrongEnd === 'start' ? 'first' : 'last';
      setProblem({
        end: wrongEnd,
        message: `Type the ${which} ${CONFIRM_LENGTH} characters of the address exactly as shown, capitals included.`,
      });
      document.getElementById(`${id}-confirm-${wrongEnd}`)?.focus();
      return;
    }
    void send(request);
  }

  return (
    <FormPanel
      title="Review the withdrawal"
      titleRef={heading}
      onSubmit={confirm}
      className="panel withdrawal-review"
      testId="withdrawal-review-step"
    >
      <dl className="withdrawal-review__figures">
        <dt>Coin and network</dt>
        <dd data-testid="review-pair">{choice.label}</dd>
        <dt>Amount</dt>
        <dd data-testid="review-amount">
          <Amount value={amount} unit={coin} />
        </dd>
        <dt>Service fee{figures.fees?.percent ? ` (${formatDecimal(figures.fees.percent)} %)` : ''}</dt>
        <dd>
          <Amount value={quote.serviceFee} unit={coin} />
        </dd>
        <dt>Network fee</dt>
        <dd>
          <Amount value={quote.networkFee} unit={coin} />
        </dd>
        <dt>Taken from your balance</dt>
        <dd data-testid="review-debit">
          <Amount value={quote.debit} unit={coin} network={choice.networkName} />
          {available !== null && (
            <span className="muted">
              {' '}
              of {formatDecimal(available)} {coin} available
            </span>
          )}
        </dd>
        <dt>Recipient receives</dt>
        <dd data-testid="review-receive">
          <strong>
            <Amount value={quote.receive} unit={coin} network={choice.networkName} />
          </strong>
        </dd>
        <dt>Fee payer</dt>
        <dd>{payerWords(payer)}</dd>
        <dt>Value in USD</dt>
        <dd data-testid="review-usd">
          {usd !== null && choice.usdPrice
            ? `≈ ${formatUsd(usd)}, at 1 ${coin} = ${formatPrice(choice.usdPrice)} (rate as of ${formatClock(rateAt)})`
            : `No USD rate for ${coin} right now.`}
        </dd>
        <dt>To address</dt>
        <dd className="withdrawal-review__address" data-testid="review-address">
          <AddressText address={draft.address} label={`Recipient ${choice.networkName} address`} />
        </dd>
      </dl>
      {warnings.length > 0 && (
        <div className="notice notice--warn" data-testid="review-warnings">
          <p className="notice__title">Check before sending</p>
          <ul>
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      )}
      {outcome?.kind === 'duplicate' ? (
        <DuplicateOverride request={request} label={label} error={outcome.error} profile={profile} />
      ) : (
        <>
          <AddressConfirmation
            id={`${id}-confirm`}
            typed={typed}
            onChange={(next) => {
              setTyped(next);
              setProblem(undefined);
            }}
            problem={problem}
            onDone={() => document.getElementById(`${id}-send`)?.focus()}
          />
          {path.path === 'approval' && (
            <p className="notice" data-testid="review-approval-path">
              {path.words}
            </p>
          )}
          <FormActions profile={profile}>
            <button
              type="button"
              className="button"
              onClick={() => setStep('form')}
              data-testid="review-back"
            >
              Back to the form
            </button>
            <SubmitButton
              id={`${id}-send`}
              busy={sending}
              busyText={submits ? 'Submitting for approval…' : `Sending ${formatDecimal(amount)} ${coin}…`}
              aria-disabled={!matches || sending || undefined}
              testId="review-send"
            >
              {label}
            </SubmitButton>
          </FormActions>
        </>
      )}
    </FormPanel>
  );
}
