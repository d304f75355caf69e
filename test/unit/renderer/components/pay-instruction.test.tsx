// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PayInstruction } from '@renderer/components/PayInstruction';

afterEach(cleanup);

const line = (container: HTMLElement) => container.querySelector('.pay-instruction__line')?.textContent;

describe('PayInstruction', () => {
  it('names the coin and the network when no amount is known', () => {
    const { container } = render(<PayInstruction coin="USDT" network="TRON (TRC-20)" />);
    expect(line(container)).toBe('Send only USDT on TRON (TRC-20) to this address.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('quotes a known amount exactly as the decimal string, grouped, with every decimal kept', () => {
    const { container } = render(
      <PayInstruction coin="USDT" network="TRON (TRC-20)" amount="1234567.100000" />,
    );
    expect(line(container)).toBe('Send exactly 1,234,567.100000 USDT on TRON (TRC-20) to this address.');
    expect(container.textContent).toContain('Only USDT on TRON (TRC-20)');
  });

  it('keeps more decimals than a float could hold', () => {
    const { container } = render(
      <PayInstruction coin="ETH" network="Ethereum (ERC-20)" amount="0.123456789012345678" />,
    );
    expect(line(container)).toBe(
      'Send exactly 0.123456789012345678 ETH on Ethereum (ERC-20) to this address.',
    );
  });

  it.each(['25,00', 'NaN', '-5', '0', '1e3'])(
    'never says "exactly" for the unreadable amount %s',
    (amount) => {
      const { container } = render(<PayInstruction coin="USDT" network="TRON (TRC-20)" amount={amount} />);
      expect(line(container)).toBe('Send only USDT on TRON (TRC-20) to this address.');
      expect(screen.getByRole('alert').textContent).toContain(`“${amount}”`);
    },
  );
});
