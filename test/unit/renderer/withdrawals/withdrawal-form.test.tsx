// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACME } from '../dom-merchant';
import { entry } from './harness';
import { fillForm, resetStores, sendCalls, showScreen, TRON_ADDRESS, TRON_WRONG_CHECKSUM } from './harness';

beforeEach(resetStores);
afterEach(cleanup);

const amountError = () =>
  screen.getByTestId('withdrawal-amount').closest('.field')!.querySelector('.field__error')?.textContent ??
  null;
const addressField = () => screen.getByTestId('withdrawal-address').closest('.field') as HTMLElement;

describe('Withdrawal form', () => {
  it('offers only pairs whose withdrawals are enabled, by network name, with the environment by the button', async () => {
    showScreen({ profile: ACME });
    const options = within(screen.getByTestId('withdrawal-pair'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['Choose…', 'USDT · Avalanche C-Chain', 'USDT · TRON (TRC-20)']);
    const actions = screen.getByTestId('withdrawal-review').parentElement!;
    expect(actions.textContent).toContain('LIVE · Acme');
    expect(actions.textContent).not.toMatch(/sandbox/i);
  });

  it('enforces the pair’s minimum, maximum and decimals as you type', async () => {
    const { user } = showScreen();
    await fillForm(user, { pair: 'usdt:tron', amount: '9.99' });
    expect(amountError()).toBe('The minimum for USDT · TRON (TRC-20) is 10 USDT.');
    await fillForm(user, { amount: '1000.000001' });
    expect(amountError()).toBe('The maximum for one withdrawal on TRON (TRC-20) is 1,000 USDT.');
    await fillForm(user, { amount: '12.1234567' });
    expect(amountError()).toBe('USDT · TRON (TRC-20) takes at most 6 digits after the dot.');
    await fillForm(user, { amount: '12,5' });
    expect(amountError()).toMatch(/^Enter digits with a dot/);
    await fillForm(user, { amount: '0' });
    expect(amountError()).toBe('Enter an amount above zero.');
    await fillForm(user, { amount: '12.123456' });
    expect(amountError()).toBeNull();
    expect(screen.getByTestId('withdrawal-amount').getAttribute('aria-invalid')).toBeNull();
  });

  it('refuses more than the balance allows once the fees are added, and shows the USD estimate with its rate', async () => {
    const { user } = showScreen({ available: '100' });
    await fillForm(user, { pair: 'usdt:tron', amount: '99.6' });
    // 99.6 + 0.498 service fee + 1 network fee = 101.098 > 100.
    expect(amountError()).toBe(
      'More than is available: with fees this takes 101.098 USDT; 100 USDT is available.',
    );
    expect(screen.getByTestId('withdrawal-usd').textContent).toMatch(
      /^≈ \$99\.62 \(estimate at 1 USDT = \$1\.0002, rate as of /,
    );
  });

  it.each([
    ['merchant', '98.507463', 'what is left after the fees.'],
    ['recipient', '100', 'the whole available balance.'],
    [null, '98.507463', 'what is left after the fees.'],
  ] as const)('"max" with the fee payer %s fills %s USDT', async (payer, max, words) => {
    const { user } = showScreen({ available: '100', payer });
    await fillForm(user, { pair: 'usdt:tron' });
    const button = await screen.findByTestId('withdrawal-max');
    expect(button.textContent).toBe(`Use max: ${max} USDT`);
    expect(button.parentElement!.textContent).toContain(words);
    await user.click(button);
    expect((screen.getByTestId('withdrawal-amount') as HTMLInputElement).value).toBe(max);
    expect(amountError()).toBeNull();
  });

  it('checks the address as you type: valid, a wrong checksum blocks, an unknown network warns', async () => {
    const { user, fake } = showScreen();
    await fillForm(user, { pair: 'usdt:tron', amount: '12.5', address: TRON_ADDRESS });
    expect(screen.getByTestId('address-valid').textContent).toContain('Checksum verified');

    await fillForm(user, { address: TRON_WRONG_CHECKSUM });
    expect(addressField().querySelector('.field__error')?.textContent).toMatch(/checksum does not match/);
    expect(screen.getByTestId('withdrawal-address').getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByTestId('withdrawal-review'));
    expect(screen.queryByTestId('withdrawal-review-step')).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId('withdrawal-address'));

    await fillForm(user, { pair: 'usdt:avax', address: '0x52908400098527886E0F7030069857D2E4169EE7' });
    expect(screen.getByTestId('address-unchecked').textContent).toMatch(
      /^⚠ Not checked: The desk does not know/,
    );
    expect(addressField().querySelector('.field__error')).toBeNull();
    await user.click(screen.getByTestId('withdrawal-review'));
    expect(screen.getByTestId('withdrawal-review-step')).toBeTruthy();
    expect(sendCalls(fake)).toHaveLength(0);
  });

  it('says what is missing on review and puts focus on the first field to fix', async () => {
    const { user } = showScreen();
    await user.click(screen.getByTestId('withdrawal-review'));
    expect(screen.getByText('Choose the coin and network to send.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByTestId('withdrawal-pair'));
  });

  it('lists this desk’s withdrawals without waiting for a slow balance read', async () => {
    showScreen({ balances: () => new Promise(() => {}), entries: () => [entry('3')] });
    const row = await screen.findByTestId('withdrawal-row');
    expect(row.textContent).toContain('12.5\u00a0USDT');
    expect(screen.getByTestId('withdrawals-screen').getAttribute('data-state')).toBe('ready');
  });
});
