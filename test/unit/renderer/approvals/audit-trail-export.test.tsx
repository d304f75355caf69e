// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { AuditTrailExport } from '@renderer/features/approvals/AuditTrailExport';
import { installDomMerchant } from '../dom-merchant';

afterEach(cleanup);

describe('the audit trail export (issue 28 item 6)', () => {
  it('says where the trail was saved and how many actions it holds', async () => {
    installDomMerchant({
      'approvals.auditExport': () => ({ ok: true, data: { path: '/home/ana/trail.csv', actions: 57 } }),
    });
    render(<AuditTrailExport />);
    await userEvent.setup().click(screen.getByTestId('audit-export'));
    expect((await screen.findByTestId('audit-export-saved')).textContent).toBe(
      'Saved 57 actions and the chain head to /home/ana/trail.csv.',
    );
  });

  it('says nothing when the save dialog is cancelled, and the refusal in words for anyone else', async () => {
    const answers = [
      { ok: true, data: { path: null, actions: 0 } },
      {
        ok: false,
        error: { kind: 'auth', message: 'Your role in the team does not allow this; ask an admin.' },
      },
    ];
    installDomMerchant({ 'approvals.auditExport': () => answers.shift()! });
    render(<AuditTrailExport />);
    const user = userEvent.setup();
    await user.click(screen.getByTestId('audit-export'));
    // The cancelled export has finished once the button is free again.
    await waitFor(() => expect(screen.getByTestId('audit-export').getAttribute('aria-busy')).toBe('false'));
    expect(screen.queryByTestId('audit-export-saved')).toBeNull();
    expect(screen.queryByTestId('error-notice')).toBeNull();
    await user.click(screen.getByTestId('audit-export'));
    const notice = await screen.findByTestId('error-notice');
    expect(notice.textContent).toContain('The audit trail was not exported.');
    expect(notice.textContent).toContain('Your role in the team does not allow this; ask an admin.');
  });
});
