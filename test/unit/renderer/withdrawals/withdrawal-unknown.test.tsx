// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JournalEntry } from '@contract';
import { UnknownWithdrawalsBanner } from '@renderer/shell/UnknownWithdrawalsBanner';
import { useShellStore } from '@renderer/stores/shell-store';
import { useUnknownWithdrawals } from '@renderer/stores/unknown-withdrawals-store';
import { ACME, SANDBOX, installDomMerchant } from '../dom-merchant';
import { entry, fillForm, resetStores, sendCalls, showScreen, TRON_ADDRESS, confirmEnds } from './harness';

beforeEach(resetStores);
afterEach(cleanup);

const DUPLICATE = {
  ok: false,
  error: {
    kind: 'duplicate-withdrawal',
    message:
      'A withdrawal of the same amount of the same coin on the same network to the same address is not finished: #7 (unknown). Check it first; to send another one anyway, confirm with a reason.',
  },
};

async function sendOnce(user: Parameters<typeof fillForm>[0]) {
  await fillForm(user, { pair: 'usdt:tron', amount: '12.5', address: TRON_ADDRESS });
  await user.click(screen.getByTestId('withdrawal-review'));
  await confirmEnds(user);
  await user.click(screen.getByTestId('review-send'));
}

describe('An identical withdrawal while one is unknown', () => {
  it('is refused in words, and sent only with a written reason', async () => {
    const answers = [
      DUPLICATE,
      { ok: true, data: { journalId: '8', outcome: 'accepted', data: {}, warnings: [] } },
    ];
    const { user, fake } = showScreen({ create: () => answers.shift() });
    await sendOnce(user);
    const duplicate = await screen.findByTestId('withdrawal-duplicate');
    expect(duplicate.textContent).toContain('Not sent: an identical withdrawal is not finished yet.');
    expect(duplicate.textContent).toContain('still in progress or its outcome is unknown');
    // The journal's own words (entry numbers and states) stay under the technical detail.
    expect(duplicate.querySelector('details')!.textContent).toContain('#7 (unknown)');
    expect(duplicate.textContent).toContain('pays 12.5 USDT to the same address a second time');

    await user.click(screen.getByTestId('override-send'));
    expect(duplicate.textContent).toContain('Write why this is not a duplicate');
    expect(sendCalls(fake)).toHaveLength(1);

    await user.type(screen.getByTestId('override-reason'), 'Second invoice of the month, agreed by phone');
    await user.click(screen.getByTestId('override-send'));
    await screen.findByTestId('withdrawal-accepted');
    expect(sendCalls(fake)[1]!.request).toEqual({
      coin: 'usdt',
      network: 'tron',
      amount: '12.5',
      to_address: TRON_ADDRESS,
      override: { reason: 'Second invoice of the month, agreed by phone' },
    });
  });
});

describe('The unknown-withdrawal banner', () => {
  beforeEach(() => useShellStore.setState({ profiles: [SANDBOX, ACME], activeId: SANDBOX.id }));

  it('appears for an unknown withdrawal, in words, and goes when the entry is resolved', async () => {
    let entries: JournalEntry[] = [entry('7', { state: 'unknown', settlement: null, externalIds: {} })];
    const fake = installDomMerchant({
      'journal.list': (query) => {
        expect(query).toMatchObject({ operation: 'createWithdrawal', state: 'unknown' });
        return { ok: true, data: { entries } };
      },
    });
    render(<UnknownWithdrawalsBanner place="shell" />);
    const banner = await screen.findByTestId('unknown-withdrawals-shell');
    // The entry lines are their own chunk (the shell's first chunk stays small): they follow the title.
    await screen.findAllByTestId('unknown-withdrawal');
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toContain(
      'We don’t know whether this withdrawal was made. Do not send it again.',
    );
    expect(banner.textContent).toContain('may or may not have made it');
    expect(banner.textContent).toContain('12.5\u00a0USDT · TRON (TRC-20)');
    expect(banner.textContent).toMatch(/webhook.*Overview.*Journal/s);
    expect(banner.textContent).toContain('(Sandbox, Journal entry 7)');
    expect(screen.getByRole('link', { name: 'Open Withdrawals' }).getAttribute('href')).toBe('#/withdrawals');

    // A change of another entry keeps the banner; the entry resolved (pushed whole) removes it.
    await act(async () => fake.emit('journal:changed', entry('3')));
    expect(screen.getByTestId('unknown-withdrawals-shell')).toBeTruthy();
    entries = [];
    await act(async () =>
      fake.emit('journal:changed', entry('7', { state: 'resolved-performed', settlement: null })),
    );
    expect(screen.queryByTestId('unknown-withdrawals-shell')).toBeNull();
  });

  it('shows real money under any profile, play money only under a Sandbox one', async () => {
    useShellStore.setState({ activeId: ACME.id });
    installDomMerchant({
      'journal.list': () => ({
        ok: true,
        data: {
          entries: [
            entry('7', { state: 'unknown', settlement: null }),
            entry('8', {
              state: 'unknown',
              settlement: null,
              profileId: ACME.id,
              environment: 'live',
              fields: { coin: 'usdt', network: 'tron', amount: '4200.5', toAddress: TRON_ADDRESS },
            }),
          ],
        },
      }),
    });
    render(<UnknownWithdrawalsBanner place="shell" />);
    const banner = await screen.findByTestId('unknown-withdrawals-shell');
    expect(
      (await screen.findAllByTestId('unknown-withdrawal')).map((li) => li.getAttribute('data-entry')),
    ).toEqual(['8']);
    expect(banner.textContent).toContain('4,200.5\u00a0USDT');
    expect(banner.textContent).toContain('LIVE · Acme, Journal entry 8');
    expect(banner.textContent).not.toMatch(/sandbox/i);
  });

  it('stays when the journal cannot be read, rather than hiding money at risk', async () => {
    let fail = false;
    const fake = installDomMerchant({
      'journal.list': () =>
        fail
          ? { ok: false, error: { kind: 'journal-locked', message: 'The journal is busy.' } }
          : { ok: true, data: { entries: [entry('7', { state: 'unknown', settlement: null })] } },
    });
    render(<UnknownWithdrawalsBanner place="shell" />);
    await screen.findByTestId('unknown-withdrawals-shell');
    fail = true;
    // Read again (another profile opened and came back): the read fails, the warning stays.
    await act(async () => useUnknownWithdrawals.getState().load());
    expect(fake.calls.filter((c) => c.channel === 'journal.list')).toHaveLength(2);
    expect(screen.getByTestId('unknown-withdrawals-shell')).toBeTruthy();
  });

  it('on the Withdrawals screen, an unknown send shows the screen’s banner and an unknown row, never “failed”', async () => {
    let entries: JournalEntry[] = [];
    const { user } = showScreen({
      entries: () => entries,
      create: () => {
        entries = [entry('12', { state: 'unknown', settlement: null, externalIds: {} })];
        return {
          ok: true,
          data: {
            journalId: '12',
            outcome: 'unknown',
            error: { kind: 'transport', message: 'socket hang up' },
          },
        };
      },
    });
    await sendOnce(user);
    expect((await screen.findByTestId('withdrawal-unknown-outcome')).textContent).toContain('did not arrive');
    const banner = await screen.findByTestId('unknown-withdrawals-screen');
    expect(banner.getAttribute('role')).toBe('alert');
    const row = await screen.findByTestId('withdrawal-row');
    expect(row.getAttribute('data-state')).toBe('unknown');
    expect(row.textContent).toContain('? Unknown');
    expect(row.textContent).not.toMatch(/failed/i);
    expect(screen.queryByTestId('withdrawal-rejected')).toBeNull();
    // Everything typed is kept for a later, deliberate decision.
    expect((screen.getByTestId('withdrawal-amount') as HTMLInputElement).value).toBe('12.5');
  });
});
