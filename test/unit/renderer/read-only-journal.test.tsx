// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MoneySubmit } from '@renderer/components/forms/FormActions';
import { StatusBanners } from '@renderer/shell/StatusBanners';
import { ReadOnlyJournalScope } from '@renderer/shell/StatusIndicators';
import { useShellStore } from '@renderer/stores/shell-store';
import { installFakeMerchant, removeFakeMerchant } from './fake-merchant';
import { SANDBOX } from './dom-merchant';

// Issue 30 item 3: a desk older than its journal says so across the top, and its money forms are off.
const MAIN_WORDS =
  'This journal was written by a newer version of Merchant Desk (schema 11; this app knows 10). It is open read-only: update the app to send, create or resolve anything.';
const BANNER = 'Read-only: this journal is newer than this app. Update Merchant Desk to make changes.';
const initial = useShellStore.getState();

function info(journalReadOnly: string | null) {
  installFakeMerchant({
    'app.info': () => ({
      ok: true,
      data: { version: '1.0.0', platform: 'linux', sandboxUrl: null, journalReadOnly },
    }),
  });
}

/** The shell's warnings and one money form's buttons, as App.tsx nests them. */
function Desk() {
  return (
    <ReadOnlyJournalScope>
      <StatusBanners />
      <form>
        <MoneySubmit profile={SANDBOX} busy={false} busyText="Creating invoice…" testId="invoice-create">
          Create invoice
        </MoneySubmit>
      </form>
    </ReadOnlyJournalScope>
  );
}

beforeEach(() => useShellStore.setState({ ...initial }, true));
afterEach(() => {
  cleanup();
  removeFakeMerchant();
});

describe('a journal newer than this app', () => {
  it('shows the banner with main’s words and turns the money form’s buttons off, saying why', async () => {
    info(MAIN_WORDS);
    await useShellStore.getState().loadStatus();
    expect(useShellStore.getState().journalReadOnly).toBe(MAIN_WORDS);
    render(<Desk />);
    const banner = screen.getByTestId('journal-read-only-banner');
    expect(banner.querySelector('.banner__title')?.textContent).toBe(BANNER);
    expect(banner.textContent).toContain('schema 11; this app knows 10');
    const button = screen.getByTestId('invoice-create');
    const locked = button.closest('fieldset');
    expect(locked?.disabled).toBe(true);
    const reason = document.getElementById(locked!.getAttribute('aria-describedby')!);
    expect(reason?.textContent).toBe(BANNER);
    expect(screen.getByTestId('money-read-only')).toBe(reason);
  });

  it('a writable journal: no banner, and the form is as it always was', async () => {
    info(null);
    await useShellStore.getState().loadStatus();
    render(<Desk />);
    expect(screen.queryByTestId('journal-read-only-banner')).toBeNull();
    expect(screen.getByTestId('invoice-create').closest('fieldset')).toBeNull();
    expect(screen.queryByTestId('money-read-only')).toBeNull();
  });
});
