import { useId, useState, type FormEvent } from 'react';
import { EnvironmentNote } from '../../components/EnvironmentNote';
import { Field } from '../../components/Field';
import { fieldErrorsOf } from '../../lib/ipc';
import { useRatesStore } from '../../stores/rates-store';
import { AddressHint } from './AddressHint';
import { AmountHelp, PairLimits } from './AmountHelp';
import type { ActiveProfile } from './profile';
import { useWithdrawalFigures } from './use-withdrawal-figures';
import { addressVerdict, amountProblem, schemaProblems } from './withdrawal-rules';
import { useWithdrawalsStore } from './withdrawals-store';

type FieldName = 'pair' | 'amount' | 'address';
type Problems = Partial<Record<FieldName, string>>;

/**
 * The withdrawal as typed. Every rule is checked as the person types (the pair's minimum, maximum
 * and decimals, the balance with fees, the address checksum); the one schema main uses runs before
 * the review. Nothing here sends: "Review" opens the review step, and what was typed stays in the
 * store through every failure, navigation and Back.
 */
export function WithdrawalForm({ profile }: { profile: ActiveProfile }) {
  const id = useId();
  const draft = useWithdrawalsStore((s) => s.draft);
  const setDraft = useWithdrawalsStore((s) => s.setDraft);
  const setStep = useWithdrawalsStore((s) => s.setStep);
  const outcome = useWithdrawalsStore((s) => s.outcome);
  const figures = useWithdrawalFigures(draft);
  const ratesLoaded = useRatesStore((s) => s.loaded);
  const ratesFailed = useRatesStore((s) => s.error !== null || s.feedError !== null);
  const { pairs, choice, quote, available } = figures;
  const [submitted, setSubmitted] = useState<Problems>({});

  const verdict = addressVerdict(choice?.network, draft.address);
  const server = outcome?.kind === 'rejected' ? fieldErrorsOf(outcome.error) : {};
  const live: Problems = {
    amount: amountProblem(draft.amount, choice, quote, available) ?? undefined,
    address: verdict.status === 'invalid' ? verdict.reason : undefined,
  };
  const shown: Problems = {
    pair: submitted.pair ?? server.coin ?? server.network,
    amount: live.amount ?? submitted.amount ?? server.amount,
    address: live.address ?? submitted.address ?? server.to_address,
  };

  function review(event: FormEvent) {
    event.preventDefault();
    const found: Problems = {
      ...(choice ? {} : { pair: 'Choose the coin and network to send.' }),
      ...(draft.amount.trim() ? {} : { amount: 'Enter the amount to send.' }),
      ...(draft.address ? {} : { address: 'Enter or paste the recipient’s address.' }),
      ...(choice
        ? schemaProblems({
            coin: choice.coin,
            network: choice.network,
            amount: draft.amount.trim(),
            to_address: draft.address,
          })
        : {}),
    };
    const all = {
      ...found,
      ...(live.amount ? { amount: live.amount } : {}),
      ...(live.address ? { address: live.address } : {}),
    };
    setSubmitted(found);
    const first = (['pair', 'amount', 'address'] as const).find((f) => all[f]);
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setStep('review');
  }

  const setField = (patch: Parameters<typeof setDraft>[0], field: FieldName) => {
    setDraft(patch);
    if (submitted[field]) setSubmitted((s) => ({ ...s, [field]: undefined }));
  };

  return (
    <form
      className="form panel withdrawal-form"
      onSubmit={review}
      noValidate
      aria-labelledby={`${id}-title`}
      data-testid="withdrawal-form"
    >
      <h2 id={`${id}-title`}>New withdrawal</h2>
      <p className="muted">
        Sends coins from your balance to an outside address. You review everything before it is sent.
      </p>
      <div className={`field${shown.pair ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-pair`}>Coin and network</label>
        <select
          id={`${id}-pair`}
          value={draft.pairKey}
          onChange={(e) => setField({ pairKey: e.target.value }, 'pair')}
          aria-invalid={shown.pair ? true : undefined}
          aria-describedby={`${id}-pair-hint${shown.pair ? ` ${id}-pair-error` : ''}`}
          data-testid="withdrawal-pair"
        >
          <option value="">Choose…</option>
          {pairs.map((p) => (
            <option key={p.key} value={p.key}>
              {p.label}
            </option>
          ))}
        </select>
        <p id={`${id}-pair-hint`} className="field__hint">
          {choice ? (
            <PairLimits choice={choice} />
          ) : pairs.length ? (
            'Only pairs the service accepts withdrawals for right now.'
          ) : ratesLoaded ? (
            'The service lists no pair open for withdrawals right now.'
          ) : ratesFailed ? (
            'The pairs could not be read from the service yet; Merchant Desk keeps trying.'
          ) : (
            'Loading the pairs open for withdrawals…'
          )}
        </p>
        {shown.pair && (
          <p id={`${id}-pair-error`} className="field__error">
            {shown.pair}
          </p>
        )}
      </div>
      <Field
        id={`${id}-amount`}
        label={`Amount${choice ? ` (${choice.coin.toUpperCase()})` : ''}`}
        value={draft.amount}
        onChange={(e) => setField({ amount: e.target.value }, 'amount')}
        error={shown.amount}
        hint={<AmountHelp figures={figures} onMax={(max) => setField({ amount: max }, 'amount')} />}
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        data-testid="withdrawal-amount"
      />
      <Field
        id={`${id}-address`}
        label="Recipient address"
        className="withdrawal-form__address"
        value={draft.address}
        onChange={(e) => setField({ address: e.target.value }, 'address')}
        error={shown.address}
        hint={<AddressHint verdict={verdict} networkName={choice?.networkName ?? null} />}
        autoComplete="off"
        spellCheck={false}
        data-testid="withdrawal-address"
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary" data-testid="withdrawal-review">
          Review withdrawal
        </button>
        <EnvironmentNote
          environment={profile.environment}
          profileName={profile.name}
          merchantId={profile.merchantId}
        />
      </div>
    </form>
  );
}
