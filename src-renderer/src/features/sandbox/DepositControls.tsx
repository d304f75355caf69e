import { useId, useState } from 'react';
import { AddressText } from '../../components/AddressText';
import { bindValue, DECIMAL_TEXT } from '../../components/forms/bind';
import { ChoiceOptions, Field, SelectField } from '../../components/forms/Field';
import { networkLabel } from '../../lib/network-names';
import { useNetworkNames } from '../../stores/use-network-names';
import { ControlGroupPanel, looksDecimal, ResultLine, useControlGroup } from './ControlParts';
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
  const { busy, act, server, refused } = useControlGroup('deposits');
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
    if (Object.keys(found).length || !wallet) return refused();
    void act('deposits', { action: 'deposit-to-wallet', walletId: wallet.walletId, amount: amount.trim() });
  };

  const walletError = errors.walletId;
  return (
    <ControlGroupPanel group="deposits" onSubmit={send}>
      <SelectField
        id={`${id}-wallet`}
        label="Wallet"
        {...bindValue(walletId, setPicked)}
        disabled={!wallets.length}
        error={walletError}
        hint={
          wallet?.address && (
            <>
              Deposit address <AddressText address={wallet.address} label="Deposit address" />
            </>
          )
        }
      >
        <ChoiceOptions
          {...(wallets.length ? {} : { empty: 'No wallet created from this desk yet' })}
          choices={wallets.map((w) => ({ value: w.walletId, label: walletWords(w, names) }))}
        />
      </SelectField>
      <Field
        id="sandbox-deposit-amount"
        label={`Amount${unit ? ` (${unit})` : ''}`}
        {...DECIMAL_TEXT}
        {...bindValue(amount, setAmount)}
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
