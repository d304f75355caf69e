// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useRatesStore } from '@renderer/stores/rates-store';
import { resetStores, showScreen } from './harness';

beforeEach(resetStores);
afterEach(cleanup);

const pairHint = () => screen.getByTestId('withdrawal-pair').closest('.field')?.textContent ?? '';

describe('The pair field when nothing was received', () => {
  it('says the list could not be loaded, not that the service lists no pair', async () => {
    useRatesStore.setState({
      rows: [],
      loaded: true,
      lastTickAt: null,
      feedError: { kind: 'transport', message: 'The service could not be reached.' },
    });
    showScreen();
    await screen.findByTestId('withdrawal-form');
    expect(pairHint()).toContain('The list of pairs could not be loaded from the service yet');
    expect(pairHint()).not.toContain('lists no pair');
  });

  it('says the service lists no pair when it answered with pairs none of which is open', async () => {
    useRatesStore.setState((s) => ({
      rows: s.rows.map((r) => ({ ...r, pairs: r.pairs.map((p) => ({ ...p, withdrawEnabled: false })) })),
    }));
    showScreen();
    await screen.findByTestId('withdrawal-form');
    expect(pairHint()).toContain('The service lists no pair open for withdrawals right now.');
  });
});
