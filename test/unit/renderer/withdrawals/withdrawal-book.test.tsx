// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAddressBookStore } from '@renderer/stores/address-book-store';
import { ACME } from '../dom-merchant';
import { fillForm, resetStores, showScreen, TRON_ADDRESS } from './harness';

const initial = useAddressBookStore.getState();
beforeEach(() => {
  resetStores();
  useAddressBookStore.setState(initial, true);
});
afterEach(cleanup);

const supplier = {
  id: 1,
  name: 'Supplier Ltd',
  coin: 'usdt',
  network: 'tron',
  address: TRON_ADDRESS,
  note: '',
  addedAt: '2026-11-26T08:00:00.000Z',
  addedBy: 'dana',
};
const OTHER = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

describe('the withdrawal form and the address book', () => {
  it('picks a saved destination of the chosen pair into the address field and names it', async () => {
    const { user } = showScreen({ profile: ACME, book: { entries: [supplier], bookOnly: false } });
    await fillForm(user, { pair: 'usdt:tron' });
    await user.selectOptions(await screen.findByTestId('withdrawal-book-pick'), TRON_ADDRESS);
    expect((screen.getByTestId('withdrawal-address') as HTMLInputElement).value).toBe(TRON_ADDRESS);
    expect(screen.getByTestId('withdrawal-book-known').textContent).toContain('“Supplier Ltd”');
    expect(screen.queryByTestId('withdrawal-book-new')).toBeNull();
  });

  it('flags an address that is not in the book, and says it will be refused when only book addresses are allowed', async () => {
    const { user } = showScreen({ profile: ACME, book: { entries: [supplier], bookOnly: false } });
    await fillForm(user, { pair: 'usdt:tron', address: OTHER });
    expect(screen.getByTestId('withdrawal-book-new').textContent).toContain(
      'New address — not in your address book.',
    );
    cleanup();
    useAddressBookStore.setState(initial, true);
    const again = showScreen({ profile: ACME, book: { entries: [supplier], bookOnly: true } });
    await waitFor(() => expect(useAddressBookStore.getState().rules?.bookOnly).toBe(true));
    await fillForm(again.user, { pair: 'usdt:tron', address: OTHER });
    expect(screen.getByTestId('withdrawal-book-new').textContent).toMatch(/will be refused/);
  });

  it('offers nothing from another profile’s book', async () => {
    useAddressBookStore.setState({ profileId: 'someone-else', entries: [supplier] });
    const { user } = showScreen({ profile: ACME });
    await fillForm(user, { pair: 'usdt:tron', address: TRON_ADDRESS });
    expect(screen.queryByTestId('withdrawal-book-pick')).toBeNull();
    expect(screen.queryByTestId('withdrawal-book-known')).toBeNull();
  });
});
