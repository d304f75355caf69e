import { useId, useState } from 'react';
import { AddressText } from '../../components/AddressText';
import { Field } from '../../components/forms/Field';
import { networkLabel } from '../../lib/network-names';
import { useNetworkNames } from '../../stores/use-network-names';
import { ControlGroupPanel, looksDecimal, ResultLine, useGroupFieldErrors } from './ControlParts';
import { useSandboxControls, type KnownWallet } from './sandbox-store';

/** "Front desk till · USDT · TRON (TRC-20) · …1NYqeL"; the full address of the chosen one shows below. */
function walletWords(wallet: KnownWallet, names: ReadonlyMap<string, string>): string {
  const unit = `${wallet.coin.toUpperCase()} · ${networkLabel(names, wallet.network)}`;
  const end = wallet.address ? `…${wallet.address.slice(-6)}` : null;
  return [wallet.label ?? 'No label', unit, end].filter(Boolean).join(' · ');
}

/** A payer sends coins to a wallet created from this desk; its webhook then reaches the desk. */
export function DepositControls() {
  const wallets = useSandboxControls((s) => s.wallets);
  const busy = useSandboxControls((s) => !!s.busy.deposits);
  const act = useSandboxControls((s) => s.act);
  const server = useGroupFieldErrors('deposits');
  const names = useNetworkNames();
  const id = useId();
  const [picked, setPicked] = useState('');
  const [amount, setAmount] = useState('');
  const [local, setLocal] = useState<Record<string, string>>({});
  const errors = { ...server, ...local };
  // The first wallet stays chosen until the person picks another (the list loads after the first render).
  const walletId = picked || wallets[0]?.walletId || '';
  const wallet = wallets.find((w) => w.walletId === walletId);
  const unit = wallet ? `${wallet.coin.toUpperCase()} · ${networkLabel(names, wallet.network)}` : '';

  const send = () => {
    const found: Record<string, string> = {};
    if (!wallet) found.walletId = 'Create a wallet on the Wallets screen first, then pick it here.';
    if (!looksDecimal(amount.trim()) || !/[1-9]/.test(amount))
      found.amount = 'Enter an amount above zero, such as 25.';
    setLocal(found);
    if (Object.keys(found).length || !wallet) return;
    void act('deposits', { action: 'deposit-to-wallet', walletId: wallet.walletId, amount: amount.trim() });
  };

  const walletError = errors.walletId;
  return (
    <ControlGroupPanel
      group="deposits"
      title="Deposit to a wallet"
      intro="A payer sends coins to one of this desk’s wallets. The deposit’s webhook then reaches the desk."
      onSubmit={send}
    >
      <div className={`field${walletError ? ' field--invalid' : ''}`}>
        <label htmlFor={`${id}-wallet`}>Wallet</label>
        <select
          id={`${id}-wallet`}
          value={walletId}
          disabled={!wallets.length}
          aria-invalid={walletError ? true : undefined}
          aria-describedby={
            [wallet?.address && `${id}-wallet-hint`, walletError && `${id}-wallet-error`]
              .filter(Boolean)
              .join(' ') || undefined
          }
          onChange={(e) => setPicked(e.target.value)}
        >
          {!wallets.length && <option value="">No wallet created from this desk yet</option>}
          {wallets.map((w) => (
            <option key={w.walletId} value={w.walletId}>
              {walletWords(w, names)}
            </option>
          ))}
        </select>
        {wallet?.address && (
          <p id={`${id}-wallet-hint`} className="field__hint">
            Deposit address <AddressText address={wallet.address} label="Deposit address" />
          </p>
        )}
        {walletError && (
          <p id={`${id}-wallet-error`} className="field__error">
            {walletError}
          </p>
        )}
      </div>
      <Field
        id="sandbox-deposit-amount"
        label={`Amount${unit ? ` (${unit})` : ''}`}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={errors.amount}
      />
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {amount.trim() && unit ? `Deposit ${amount.trim()} ${unit}` : 'Deposit'}
        </button>
      </div>
      <ResultLine group="deposits" what="The deposit" />
    </ControlGroupPanel>
  );
}
