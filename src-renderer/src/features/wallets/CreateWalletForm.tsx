import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { EnvironmentNote } from '../../components/EnvironmentNote';
import { Field } from '../../components/Field';
import type { MoneyEnvironment } from '../../components/QrCode';
import { fieldErrorsOf } from '../../lib/ipc';
import { useProfileRates } from '../../stores/use-profile-rates';
import { depositPairs } from './deposit-pairs';
import { useWalletsStore } from './wallets-store';

export interface ActiveProfile {
  name: string;
  environment: MoneyEnvironment;
  merchantId: string;
}

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
export function CreateWalletForm({ profile }: { profile: ActiveProfile }) {
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
  const pairRef = useRef<HTMLSelectElement>(null);

  const server = outcome?.kind === 'rejected' ? fieldErrorsOf(outcome.error) : {};
  const shown: Problems = {
    pair: problems.pair ?? server.coin ?? server.network,
    label: problems.label ?? server.label,
    webhook: problems.webhook ?? server.webhook_url,
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = check(pairKey, label, webhook);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      pairRef.current?.focus();
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
    <form
      className="form panel wallet-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-labelledby={`${id}-title`}
      data-testid="wallet-form"
    >
      <h2 id={`${id}-title`}>New deposit wallet</h2>
      <p className="muted">
        A static address that keeps receiving deposits for one coin on one network. Creating one moves no
        money.
      </p>
      <div className={`field${shown.pair ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-pair`}>Coin and network</label>
        <select
          id={`${id}-pair`}
          ref={pairRef}
          value={pairKey}
          onChange={(e) => setPairKey(e.target.value)}
          aria-invalid={shown.pair ? true : undefined}
          aria-describedby={shown.pair ? `${id}-pair-error` : `${id}-pair-hint`}
          data-testid="wallet-pair"
        >
          <option value="">Choose…</option>
          {pairs.map((p) => (
            <option key={p.key} value={p.key}>
              {p.label}
            </option>
          ))}
        </select>
        {shown.pair ? (
          <p id={`${id}-pair-error`} className="field__error">
            {shown.pair}
          </p>
        ) : (
          <p id={`${id}-pair-hint`} className="field__hint">
            {pairs.length
              ? 'Only pairs the service accepts deposits for right now.'
              : 'Loading the pairs open for deposits…'}
          </p>
        )}
      </div>
      <Field
        label="Label (optional)"
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        error={shown.label}
        hint="For your own reference, e.g. the shop or customer. Kept on this computer, not sent to the service."
        maxLength={200}
        data-testid="wallet-label"
      />
      <Field
        label="Webhook address (optional)"
        value={webhook}
        onChange={(e) => setWebhook(e.target.value)}
        error={shown.webhook}
        hint="Deposits to this wallet are reported here instead of the account’s usual webhook address."
        inputMode="url"
        placeholder="https://"
        data-testid="wallet-webhook"
      />
      <div className="form__actions">
        <button
          type="submit"
          className="button button--primary"
          aria-disabled={creating || undefined}
          data-testid="wallet-create"
        >
          {creating ? 'Creating wallet…' : 'Create wallet'}
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
