// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useRatesStore } from '@renderer/stores/rates-store';
import { useNetworkNames } from '@renderer/stores/use-network-names';
import { pair, rate, snapshot } from './fake-merchant';

const initial = useRatesStore.getState();
let renders = 0;

function Names() {
  renders++;
  const names = useNetworkNames();
  return <p data-testid="names">{[...names].map(([code, name]) => `${code}=${name}`).join(',')}</p>;
}

const tick = (price: string, networkName = 'TRON (TRC-20)') =>
  snapshot([
    { ...rate('usdt', price, '1'), pairs: [pair('usdt', 'tron', { networkName })] },
    { ...rate('btc', `6${price}`, '60000'), pairs: [pair('btc', 'bitcoin')] },
  ]);

beforeEach(() => {
  useRatesStore.setState({ ...initial, loaded: true }, true);
  renders = 0;
});
afterEach(cleanup);

describe('network names while prices tick (issue 14)', () => {
  it('a price-only tick does not re-render a screen that shows network names', () => {
    act(() => useRatesStore.getState().applySnapshot(tick('1.0001')));
    render(<Names />);
    expect(screen.getByTestId('names').textContent).toBe('tron=TRON (TRC-20),bitcoin=BITCOIN');
    const before = renders;
    for (const price of ['1.0002', '1.0003', '0.9999'])
      act(() => useRatesStore.getState().applySnapshot(tick(price)));
    expect(renders).toBe(before);
  });

  it('a renamed network still reaches the screen', () => {
    act(() => useRatesStore.getState().applySnapshot(tick('1.0001')));
    render(<Names />);
    act(() => useRatesStore.getState().applySnapshot(tick('1.0002', 'Tron')));
    expect(screen.getByTestId('names').textContent).toBe('tron=Tron,bitcoin=BITCOIN');
  });
});
