import { useId, useMemo, useState } from 'react';
import { bindValue, URL_TEXT } from '../../components/forms/bind';
import { Field } from '../../components/forms/Field';
import { PairField } from '../../components/forms/PairField';
import { MoneySubmit, type MoneyProfile } from '../../components/forms/FormActions';
import { FormPanel } from '../../components/forms/FormPanel';
import { fieldErrorsOf } from '../../lib/ipc';
import { useProfileRates } from '../../stores/use-profile-rates';
import { depositPairs } from '../../stores/deposit-pairs';
import { useWalletsStore } from './wallets-store';

type Problems = Partial<Record<'pair' | 'label' | 'webhook', string>>;

function check(pairKey: string, label: string, webhook: string): Problems {
  const problems: Problems = {};
  if (!pairKey) problems.pair = 'Choose the coin and network this wallet receives.';
  if (label.trim().length > 100) problems.label = 'Keep the label to 100 characters or fewer.';
  if (webhook.trim()) {
    let url: URL | null = null;
    try {
      url = new URL(webhook.trim());
    } catch {
      url = null;
    }
    if (!url || url.protocol !== 'https:')
      problems.webhook = 'Enter a full address starting with https://, or leave it empty.';
  }
  return problems;
}

/**
 * Create a static wallet. No money moves, so there is no review step, but the environment sits next
 * to the button, a second click while one is on its way does nothing, and what was typed stays after
 * any failure (it is only cleared once a wallet was created).
 */
export function CreateWalletForm({ profile }: { profile: MoneyProfile }) {
  const id = useId();
  const rows = useProfileRates(useWalletsStore((s) => s.profileId));
  const pairs = useMemo(() => depositPairs(rows), [rows]);
  const creating = useWalletsStore((s) => s.creating);
  const outcome = useWalletsStore((s) => s.outcome);
  const create = useWalletsStore((s) => s.create);
  const [pairKey, setPairKey] = useState('');
  const [label, setLabel] = useState('');
  const [webhook, setWebhook] = useState('');
  const [problems, setProblems] = useState<Problems>({});

  const server = outcome?.kind === 'rejected' ? fieldErrorsOf(outcome.error) : {};
  const shown: Problems = {
    pair: problems.pair ?? server.coin ?? server.network,
    label: problems.label ?? server.label,
    webhook: problems.webhook ?? server.webhook_url,
  };

  async function submit() {
    const found = check(pairKey, label, webhook);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`${id}-pair`)?.focus();
      return;
    }
    const pair = pairs.find((p) => p.key === pairKey);
    if (!pair) return;
    const result = await create({
      coin: pair.coin,
      network: pair.network,
      ...(label.trim() ? { label: label.trim() } : {}),
      ...(webhook.trim() ? { webhook_url: webhook.trim() } : {}),
    });
    if (result?.kind === 'created') {
      setLabel('');
      setWebhook('');
    }
  }

  return (
    <FormPanel
      title="New deposit wallet"
      intro="A static address that keeps receiving deposits for one coin on one network. Creating one moves no money."
      onSubmit={submit}
      className="form panel wallet-form"
      testId="wallet-form"
    >
      <PairField
        id={`${id}-pair`}
        pairs={pairs}
        value={pairKey}
        onValue={setPairKey}
        error={shown.pair}
        hint={
          pairs.length
            ? 'Only pairs the service accepts deposits for right now.'
            : 'Loading the pairs open for deposits…'
        }
        hintGivesWay
        testId="wallet-pair"
      />
      <Field
        label="Label (optional)"
        {...bindValue(label, setLabel)}
        error={shown.label}
        hint="For your own reference, e.g. the shop or customer. Kept on this computer, not sent to the service."
        maxLength={200}
        data-testid="wallet-label"
      />
      <Field
        label="Webhook address (optional)"
        {...bindValue(webhook, setWebhook)}
        error={shown.webhook}
        hint="Deposits to this wallet are reported here instead of the account’s usual webhook address."
        {...URL_TEXT}
        data-testid="wallet-webhook"
      />
      <MoneySubmit profile={profile} busy={creating} busyText="Creating wallet…" testId="wallet-create">
        Create wallet
      </MoneySubmit>
    </FormPanel>
  );
}
