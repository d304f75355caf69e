// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { PolicyView } from '@contract';
import { ApprovalPolicy } from '@renderer/features/settings/ApprovalPolicy';
import { installDomMerchant } from '../dom-merchant';

// Issue 28: the policy editor follows another desk's saved draft or publication (main's team:changed,
// from the ledger's md_team notice), and never throws away what this person is editing.

const PUBLISHED: NonNullable<PolicyView['published']> = {
  version: 3,
  rules: [{ action: 'require', approvals: 1 }],
  publishedBy: 'adam',
  publishedAt: '2026-11-26T09:00:00.000Z',
};
const DRAFT = {
  id: '20',
  rules: [{ action: 'allow' as const }, { action: 'block' as const }],
  draftedBy: 'eve',
  draftedAt: 'x',
};
let current: PolicyView = { published: PUBLISHED, draft: null, canEdit: true };

function show(extra: Parameters<typeof installDomMerchant>[0] = {}) {
  current = { published: PUBLISHED, draft: null, canEdit: true };
  const fake = installDomMerchant({ 'approvals.policyGet': () => ({ ok: true, data: current }), ...extra });
  render(<ApprovalPolicy />);
  return fake;
}
const rulesShown = () => screen.getAllByTestId(/^policy-rule-\d$/).length;

afterEach(cleanup);

describe('the policy editor follows the team’s ledger', () => {
  it('untouched, it shows another desk’s new draft as soon as main says the team changed', async () => {
    const fake = show();
    await screen.findByTestId('policy-editor');
    expect(rulesShown()).toBe(1);
    current = { ...current, draft: DRAFT };
    await act(async () => fake.emit('team:changed', {}));
    await waitFor(() => expect(rulesShown()).toBe(2));
    expect((screen.getByTestId('policy-publish') as HTMLButtonElement).disabled).toBe(false);
    // A later publication elsewhere shows too.
    current = { published: { ...PUBLISHED, version: 4, rules: DRAFT.rules }, draft: null, canEdit: true };
    await act(async () => fake.emit('team:changed', {}));
    await waitFor(() => expect(screen.getByTestId('policy-published').textContent).toContain('Version 4'));
    expect(screen.queryByTestId('policy-changed-elsewhere')).toBeNull();
  });

  it('while editing, the edits stay and the change is offered; taking it shows the team’s latest', async () => {
    const fake = show();
    await screen.findByTestId('policy-editor');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('policy-add-rule'));
    expect(rulesShown()).toBe(2);
    current = { published: { ...PUBLISHED, version: 4 }, draft: DRAFT, canEdit: true };
    await act(async () => fake.emit('team:changed', {}));
    const notice = await screen.findByTestId('policy-changed-elsewhere');
    expect(notice.textContent).toContain('draft #20 by eve');
    expect(screen.getByTestId('policy-published').textContent).toContain('Version 4');
    expect(rulesShown()).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Show the team’s latest instead' }));
    expect(screen.queryByTestId('policy-changed-elsewhere')).toBeNull();
    expect(screen.getByTestId('rule-1-action')).toBeTruthy();
    expect((screen.getByTestId('rule-1-action') as HTMLSelectElement).value).toBe('block');
  });

  it('this desk’s own saved draft, announced back by the ledger, is not "another desk’s change"', async () => {
    const fake = show({
      'approvals.policySaveDraft': () => {
        current = {
          ...current,
          draft: { ...DRAFT, id: '21', rules: [PUBLISHED.rules[0]!, { action: 'allow' }] },
        };
        return { ok: true, data: { id: '21' } };
      },
    });
    await screen.findByTestId('policy-editor');
    const user = userEvent.setup();
    await user.click(screen.getByTestId('policy-add-rule'));
    await user.click(screen.getByTestId('policy-save'));
    await screen.findByTestId('policy-done');
    await act(async () => fake.emit('team:changed', {}));
    await waitFor(() =>
      expect(fake.calls.filter((c) => c.channel === 'approvals.policyGet')).toHaveLength(2),
    );
    expect(screen.queryByTestId('policy-changed-elsewhere')).toBeNull();
    expect((screen.getByTestId('policy-publish') as HTMLButtonElement).disabled).toBe(false);
  });
});
