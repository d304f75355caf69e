// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { entry, fillForm, resetStores, showScreen, TRON_ADDRESS, confirmEnds } from './harness';

beforeEach(resetStores);
afterEach(cleanup);

/** What the transport records when the connection was refused before a byte left. */
const NEVER_LEFT = {
  kind: 'transport',
  message: 'createWithdrawal: connect ECONNREFUSED',
  details: { cause: 'not-connected', code: 'ECONNREFUSED', notSent: true },
};

describe('A send that never left (the service unreachable)', () => {
  it('is listed as not sent, not as refused by the service', async () => {
    showScreen({
      entries: () => [
        entry('4', { state: 'rejected', settlement: null, externalIds: {}, error: NEVER_LEFT }),
      ],
    });
    const row = await screen.findByTestId('withdrawal-row');
    expect(within(row).getByTestId('withdrawal-state').textContent).toBe('Not sent');
    expect(row.textContent).not.toContain('Refused');
  });

  it('the outcome says it never left, not that it was refused', async () => {
    const { user } = showScreen({
      create: () => ({ ok: true, data: { journalId: '4', outcome: 'rejected', error: NEVER_LEFT } }),
    });
    await screen.findByTestId('withdrawal-form');
    await fillForm(user, { pair: 'usdt:tron', amount: '12.5', address: TRON_ADDRESS });
    await user.click(screen.getByTestId('withdrawal-review'));
    await confirmEnds(user);
    await user.click(screen.getByTestId('review-send'));
    const rejected = await screen.findByTestId('withdrawal-rejected');
    expect(rejected.querySelector('.notice__title')!.textContent).toContain('never left this desk');
    expect(rejected.textContent).not.toContain('was refused');
  });
});
