// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACME } from '../dom-merchant';
import { confirmEnds, fillForm, resetStores, sendCalls, showScreen, TRON_ADDRESS } from './harness';

beforeEach(resetStores);
afterEach(cleanup);

const APPROVAL = {
  path: 'approval',
  policyVersion: 2,
  words: 'This team approves withdrawals: nothing is sent from here.',
} as const;

async function toReview(user: Parameters<typeof fillForm>[0]) {
  await fillForm(user, { pair: 'usdt:tron', amount: '40.5', address: TRON_ADDRESS });
  await user.click(screen.getByTestId('withdrawal-review'));
  await confirmEnds(user);
}

describe('the Withdrawals form in team mode once a policy is published (issue 28)', () => {
  it('ends in "Submit for approval" and goes through approvals:submit, never withdrawals:create', async () => {
    const { user, fake } = showScreen({ profile: ACME, path: APPROVAL });
    await waitFor(() =>
      expect(screen.getByTestId('withdrawal-form').textContent).toContain('team’s approval'),
    );
    await toReview(user);
    const button = screen.getByTestId('review-send');
    expect(button.textContent).toBe('Submit 40.5 USDT for approval');
    expect(screen.getByTestId('review-approval-path').textContent).toBe(APPROVAL.words);
    // UX rule 2: the account it would leave is still next to the button.
    expect(screen.getByTestId('withdrawal-review-step').textContent).toContain('LIVE');
    await user.click(button);
    const done = await screen.findByTestId('withdrawal-submitted');
    expect(done.textContent).toContain('Submitted for approval: not sent yet');
    expect(done.textContent).toContain('withdrawal #77');
    expect(done.textContent).toContain('waits for the approvals the team’s policy requires');
    expect(fake.calls.find((c) => c.channel === 'approvals.submit')?.request).toEqual({
      withdrawal: { coin: 'usdt', network: 'tron', amount: '40.5', to_address: TRON_ADDRESS },
    });
    expect(sendCalls(fake)).toHaveLength(0);
    // The form is fresh for the next one (the pair stays chosen).
    expect((screen.getByTestId('withdrawal-amount') as HTMLInputElement).value).toBe('');
  });

  it('shows main’s refusal on the field it names, and keeps what was typed', async () => {
    const { user } = showScreen({
      profile: ACME,
      path: APPROVAL,
      submit: () => ({
        ok: false,
        error: {
          kind: 'invalid-request',
          message: 'The request is not valid.',
          fieldErrors: { 'withdrawal.to_address': ['not a TRON address'] },
        },
      }),
    });
    await waitFor(() =>
      expect(screen.getByTestId('withdrawal-form').textContent).toContain('team’s approval'),
    );
    await toReview(user);
    await user.click(screen.getByTestId('review-send'));
    expect(await screen.findByText('not a TRON address')).toBeTruthy();
    expect(screen.getByTestId('withdrawal-rejected').textContent).toContain('Not sent');
    expect((screen.getByTestId('withdrawal-amount') as HTMLInputElement).value).toBe('40.5');
  });

  it('sends as today when main says send (a desk alone, or no policy yet)', async () => {
    const { user, fake } = showScreen({ profile: ACME, path: { path: 'send' } });
    await toReview(user);
    expect(screen.getByTestId('review-send').textContent).toBe('Send 40.5 USDT');
    expect(screen.queryByTestId('review-approval-path')).toBeNull();
    await user.click(screen.getByTestId('review-send'));
    await screen.findByTestId('withdrawal-accepted');
    expect(sendCalls(fake)).toHaveLength(1);
    expect(fake.calls.some((c) => c.channel === 'approvals.submit')).toBe(false);
  });

  it('offers a viewer no form, only main’s words (UX: a screen shows only what the person may do)', async () => {
    const words =
      'Your role on this team is viewer: you can follow withdrawals here, not prepare or send them.';
    showScreen({ profile: ACME, path: { path: 'not-allowed', words } });
    expect((await screen.findByTestId('withdrawals-not-allowed')).textContent).toBe(words);
    expect(screen.queryByTestId('withdrawal-form')).toBeNull();
    expect(screen.getByTestId('withdrawals-screen').textContent).toContain('Withdrawals sent from this desk');
  });
});
