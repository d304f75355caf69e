import { useState } from 'react';
import { bindValue, DECIMAL_TEXT } from '../../components/forms/bind';
import { Field } from '../../components/forms/Field';
import { networkLabel } from '../../lib/network-names';
import { useNetworkNames } from '../../stores/use-network-names';
import { ControlGroupPanel, looksDecimal, ResultLine, useControlGroup } from './ControlParts';

/** Adds play money to a coin on a network; Overview shows it on its next refresh. */
export function BalanceControls() {
  const { busy, act, server, refused } = useControlGroup('balances');
  const [coin, setCoin] = useState('usdt');
  const [network, setNetwork] = useState('tron');
  const [amount, setAmount] = useState('');
  const [local, setLocal] = useState<Record<string, string>>({});
  const errors = { ...server, ...local };
  const names = useNetworkNames();
  // "USDT · TRON (TRC-20)": the unit and the network by its catalog name, as on every money surface.
  const unit =
    coin.trim() && network.trim()
      ? `${coin.trim().toUpperCase()} · ${networkLabel(names, network.trim().toLowerCase())}`
      : '';

  const add = () => {
    const found: Record<string, string> = {};
    if (!coin.trim()) found.coin = 'Enter a coin code such as usdt.';
    if (!network.trim()) found.network = 'Enter a network code such as tron.';
    if (!looksDecimal(amount.trim()) || !/[1-9]/.test(amount))
      found.amount = 'Enter an amount above zero, such as 250.';
    setLocal(found);
    if (Object.keys(found).length) return refused();
    void act('balances', {
      action: 'add-play-money',
      coin: coin.trim(),
      network: network.trim(),
      amount: amount.trim(),
    });
  };

  const codeField = (name: 'coin' | 'network', label: string, value: string, set: (next: string) => void) => (
    <Field
      id={`sandbox-${name}`}
      label={label}
      autoComplete="off"
      {...bindValue(value, set)}
      error={errors[name]}
    />
  );

  return (
    <ControlGroupPanel group="balances" onSubmit={add}>
      <div className="form--row">
        {codeField('coin', 'Coin code', coin, setCoin)}
        {codeField('network', 'Network code', network, setNetwork)}
        <Field
          id="sandbox-amount"
          label={`Amount${unit ? ` (${unit})` : ''}`}
          {...DECIMAL_TEXT}
          {...bindValue(amount, setAmount)}
          error={errors.amount}
        />
      </div>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {amount.trim() && unit ? `Add ${amount.trim()} ${unit} of play money` : 'Add play money'}
        </button>
      </div>
      <ResultLine group="balances" what="Adding play money" />
    </ControlGroupPanel>
  );
}
