import { useId, useState } from 'react';
import { bindValue, EXACT_TEXT } from '../../components/forms/bind';
import { Field } from '../../components/forms/Field';
import { PairField } from '../../components/forms/PairField';
import { FormActions, type MoneyProfile } from '../../components/forms/FormActions';
import { FormPanel } from '../../components/forms/FormPanel';
import { fieldErrorsOf } from '../../lib/ipc';
import { useRatesStore } from '../../stores/rates-store';
import { AddressHint } from './AddressHint';
import { AmountHelp, PairLimits } from './AmountHelp';
import { BookPicker } from './BookPicker';
import { EarlierSends } from './EarlierSends';
import { useWithdrawalFigures } from './use-withdrawal-figures';
import { addressVerdict, amountProblem, schemaProblems } from './withdrawal-rules';
import { useWithdrawalsStore } from './withdrawals-store';

/**
 * What the pair list rests on. An empty list is "no pair" only when the service answered with rows;
 * nothing received (a failed or unanswered feed, as on an unreachable profile) says nothing about pairs.
 */
function feedState(s: ReturnType<typeof useRatesStore.getState>): 'listed' | 'unread' | 'loading' {
  if (s.rows.length > 0) return 'listed';
  if (s.error !== null || s.feedError !== null || (s.loaded && s.lastTickAt === null)) return 'unread';
  return s.loaded ? 'listed' : 'loading';
}

type FieldName = 'pair' | 'amount' | 'address';
type Problems = Partial<Record<FieldName, string>>;

/**
 * The withdrawal as typed. Every rule is checked as the person types (the pair's minimum, maximum
 * and decimals, the balance with fees, the address checksum); the one schema main uses runs before
 * the review. Nothing here sends: "Review" opens the review step, and what was typed stays in the
 * store through every failure, navigation and Back.
 */
export function WithdrawalForm({ profile }: { profile: MoneyProfile }) {
  const id = useId();
  const draft = useWithdrawalsStore((s) => s.draft);
  const setDraft = useWithdrawalsStore((s) => s.setDraft);
  const setStep = useWithdrawalsStore((s) => s.setStep);
  const outcome = useWithdrawalsStore((s) => s.outcome);
  const entries = useWithdrawalsStore((s) => s.entries);
  const submits = useWithdrawalsStore((s) => s.path.path === 'approval');
  const figures = useWithdrawalFigures(draft);
  const feed = useRatesStore(feedState);
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

  function review() {
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
    <FormPanel
      title="New withdrawal"
      intro={
        submits
          ? 'Prepares a withdrawal from your balance to an outside address for the team’s approval. You review everything before it is submitted; nothing is sent from here.'
          : 'Sends coins from your balance to an outside address. You review everything before it is sent.'
      }
      onSubmit={review}
      className="form panel withdrawal-form"
      testId="withdrawal-form"
    >
      <PairField
        id={`${id}-pair`}
        pairs={pairs}
        value={draft.pairKey}
        onValue={(pairKey) => setField({ pairKey }, 'pair')}
        error={shown.pair}
        hint={
          choice ? (
            <PairLimits choice={choice} />
          ) : pairs.length ? (
            'Only pairs the service accepts withdrawals for right now.'
          ) : feed === 'unread' ? (
            'The list of pairs could not be loaded from the service yet; Merchant Desk keeps trying.'
          ) : feed === 'listed' ? (
            'The service lists no pair open for withdrawals right now.'
          ) : (
            'Loading the pairs open for withdrawals…'
          )
        }
        testId="withdrawal-pair"
      />
      <Field
        id={`${id}-amount`}
        label={`Amount${choice ? ` (${choice.coin.toUpperCase()})` : ''}`}
        {...bindValue(draft.amount, (amount) => setField({ amount }, 'amount'))}
        error={shown.amount}
        hint={<AmountHelp figures={figures} onMax={(max) => setField({ amount: max }, 'amount')} />}
        inputMode="decimal"
        {...EXACT_TEXT}
        data-testid="withdrawal-amount"
      />
      <Field
        id={`${id}-address`}
        label="Recipient address"
        className="withdrawal-form__address"
        {...bindValue(draft.address, (address) => setField({ address }, 'address'))}
        error={shown.address}
        hint={<AddressHint verdict={verdict} networkName={choice?.networkName ?? null} />}
        {...EXACT_TEXT}
        data-testid="withdrawal-address"
      />
      {choice && (
        <BookPicker
          id={`${id}-book`}
          coin={choice.coin}
          network={choice.network}
          address={draft.address}
          addressValid={verdict.status === 'valid' || verdict.status === 'unchecked'}
          onAddress={(address) => setField({ address }, 'address')}
        />
      )}
      {choice && verdict.status !== 'invalid' && (
        <EarlierSends entries={entries} coin={choice.coin} network={choice.network} address={draft.address} />
      )}
      <FormActions profile={profile}>
        <button type="submit" className="button button--primary" data-testid="withdrawal-review">
          Review withdrawal
        </button>
      </FormActions>
    </FormPanel>
  );
}
