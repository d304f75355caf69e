// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { PolicyView } from '@contract';
import { ApprovalPolicy } from '@renderer/features/settings/ApprovalPolicy';
import { installDomMerchant } from '../dom-merchant';

const PUBLISHED: PolicyView['published'] = {
  version: 3,
  rules: [
    { name: 'large new', match: { destination: 'new', minAmount: '1000' }, action: 'block' },
    { action: 'require', approvals: 2, groups: ['treasury'] },
  ],
  publishedBy: 'adam',
  publishedAt: '2026-11-26T09:00:00.000Z',
};
const view = (extra: Partial<PolicyView> = {}) => ({
  ok: true,
  data: { published: PUBLISHED, draft: null, canEdit: true, ...extra },
});

afterEach(cleanup);

describe('the approval policy (issue 28 item 2)', () => {
  it('shows a person who is not an admin the published policy in words, and no editor', async () => {
    installDomMerchant({ 'approvals.policyGet': () => view({ canEdit: false }) });
    render(<ApprovalPolicy />);
    const published = await screen.findByTestId('policy-published');
    expect(published.textContent).toContain('Version 3, published by adam');
    const items = within(published)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Rule 1 “large new”: a withdrawal to an address not in the team’s address book, at least 1000 (in the coin) is blocked.',
      'Rule 2: every withdrawal requires 2 approvals from the group treasury.',
    ]);
    expect(screen.queryByTestId('policy-editor')).toBeNull();
  });

  it('lets an admin edit and reorder rules, save a draft, preview it and publish the saved draft', async () => {
    const fake = installDomMerchant({
      'approvals.policyGet': () => view(),
      'approvals.policySaveDraft': () => ({ ok: true, data: { id: '12' } }),
      'approvals.policyPreview': () => ({
        ok: true,
        data: {
          days: 30,
          counts: { allow: 0, block: 1, require: 1, unknown: 0 },
          rows: [
            {
              entryId: '7',
              at: '2026-11-20T10:00:00.000Z',
              status: 'approved',
              coin: 'usdt',
              network: 'tron',
              amount: '1500',
              toAddress: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL',
              outcome: 'block',
              words: 'Rule 1 “velocity”: is blocked',
            },
          ],
        },
      }),
      'approvals.policyPublish': () => view({ published: { ...PUBLISHED!, version: 4 } }),
    });
    const user = userEvent.setup();
    render(<ApprovalPolicy />);
    await screen.findByTestId('policy-editor');
    // The published rules are the starting point; publishing needs a saved draft first.
    expect(screen.getAllByTestId(/^policy-rule-\d$/)).toHaveLength(2);
    expect((screen.getByTestId('policy-publish') as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByTestId('policy-add-rule'));
    await user.type(screen.getByTestId('rule-2-name'), 'velocity');
    await user.type(screen.getByTestId('rule-2-windowMinutes'), '60');
    await user.type(screen.getByTestId('rule-2-windowCount'), '2');
    await user.selectOptions(screen.getByTestId('rule-2-action'), 'block');
    // The new rule goes first: a narrow block before the broad ones.
    await user.click(screen.getByTestId('rule-2-up'));
    await user.click(screen.getByTestId('rule-1-up'));
    await user.click(screen.getByTestId('policy-save'));
    expect(fake.calls.find((c) => c.channel === 'approvals.policySaveDraft')?.request).toEqual({
      rules: [
        { name: 'velocity', match: { velocity: { windowMinutes: 60, maxCount: 2 } }, action: 'block' },
        PUBLISHED!.rules[0],
        PUBLISHED!.rules[1],
      ],
    });
    expect((await screen.findByTestId('policy-done')).textContent).toContain('Draft #12 is saved');

    await user.click(screen.getByTestId('policy-preview-run'));
    const counts = await screen.findByTestId('policy-preview-counts');
    expect(within(counts).getByTestId('policy-count-block').textContent).toBe('1 blocked');
    expect(within(counts).getByTestId('policy-count-require').textContent).toBe('1 waiting for approvals');
    expect(screen.getByTestId('policy-preview-rows').textContent).toContain('1500 USDT · TRON');

    await user.click(screen.getByTestId('policy-publish'));
    expect(fake.calls.find((c) => c.channel === 'approvals.policyPublish')?.request).toEqual({ id: '12' });
    expect((await screen.findByTestId('policy-done')).textContent).toContain('Version 4 is published');
  });

  it('an edit after saving needs saving again; main’s refusal is shown on the rule’s field', async () => {
    installDomMerchant({
      'approvals.policyGet': () =>
        view({ draft: { id: '9', rules: [{ action: 'allow' }], draftedBy: 'adam', draftedAt: 'x' } }),
      'approvals.policySaveDraft': () => ({
        ok: false,
        error: {
          kind: 'invalid-request',
          message: 'The request is not valid.',
          fieldErrors: { 'rules.0.match.minAmount': ['a decimal string such as "12.50"'] },
        },
      }),
    });
    const user = userEvent.setup();
    render(<ApprovalPolicy />);
    await screen.findByTestId('policy-editor');
    expect((screen.getByTestId('policy-publish') as HTMLButtonElement).disabled).toBe(false);
    await user.type(screen.getByTestId('rule-0-minAmount'), '12,5');
    expect((screen.getByTestId('policy-publish') as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByTestId('policy-save'));
    expect(await screen.findByText('a decimal string such as "12.50"')).toBeTruthy();
    expect(screen.getByTestId('rule-0-minAmount').getAttribute('aria-invalid')).toBe('true');
  });
});
