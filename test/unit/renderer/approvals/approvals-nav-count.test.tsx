// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NavBar } from '@renderer/shell/NavBar';
import { useApprovalsWaiting } from '@renderer/stores/approvals-waiting-store';
import { installDomMerchant } from '../dom-merchant';

afterEach(cleanup);
beforeEach(() => useApprovalsWaiting.setState({ count: 0 }));

describe('the count on the Approvals navigation item (issue 28 item 3)', () => {
  it('shows what waits for this person, in words for a screen reader, and follows the team’s changes', async () => {
    let count = 2;
    const fake = installDomMerchant({ 'approvals.waiting': () => ({ ok: true, data: { count } }) });
    render(<NavBar current="overview" sandboxActive={false} teamJoined />);
    expect((await screen.findByTestId('nav-approvals-count')).textContent).toBe('2');
    expect(screen.getByTestId('nav-approvals').textContent).toBe('Approvals 2 (2 waiting for your approval)');
    count = 0;
    await act(async () => fake.emit('approvals:changed', {}));
    expect(screen.queryByTestId('nav-approvals-count')).toBeNull();
    expect(screen.getByTestId('nav-approvals').textContent).toBe('Approvals');
  });

  it('keeps the last count when main cannot say (the team’s server away), and asks nothing on a desk alone', async () => {
    let answer: unknown = { ok: true, data: { count: 1 } };
    const fake = installDomMerchant({ 'approvals.waiting': () => answer });
    render(<NavBar current="overview" sandboxActive={false} teamJoined />);
    await screen.findByTestId('nav-approvals-count');
    answer = { ok: false, error: { kind: 'unavailable', message: 'The team ledger is unreachable.' } };
    await act(async () => fake.emit('approvals:changed', {}));
    expect(screen.getByTestId('nav-approvals-count').textContent).toBe('1');
    cleanup();
    const alone = installDomMerchant({});
    render(<NavBar current="overview" sandboxActive={false} />);
    expect(screen.queryByTestId('nav-approvals')).toBeNull();
    expect(alone.calls).toEqual([]);
  });
});
