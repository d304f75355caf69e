import { useEffect } from 'react';
import { ChoiceOptions, SelectField } from '../../components/forms/Field';
import { bookEntryFor, useAddressBookStore } from '../../stores/address-book-store';
import { useShellStore } from '../../stores/shell-store';

/**
 * The address book beside the address field: a pick list of the book's destinations for the chosen
 * pair, and what the book says about the address typed. Main flags a new address again in its own
 * window and refuses one outside the book when Settings allow only book addresses; this is the
 * early word on it, before the review.
 */
export function BookPicker({
  id,
  coin,
  network,
  address,
  addressValid,
  onAddress,
}: {
  id: string;
  coin: string;
  network: string;
  address: string;
  addressValid: boolean;
  onAddress: (address: string) => void;
}) {
  const activeId = useShellStore((s) => s.activeId);
  const bookProfile = useAddressBookStore((s) => s.profileId);
  const all = useAddressBookStore((s) => s.entries);
  const bookOnly = useAddressBookStore((s) => s.rules?.bookOnly ?? false);
  const load = useAddressBookStore((s) => s.load);
  useEffect(() => {
    void load();
  }, [load, activeId]);

  // Another profile's book (an answer from before a switch) offers nothing here.
  const entries = bookProfile === activeId ? all : [];
  const forPair = entries.filter((e) => e.coin === coin && e.network === network);
  const known = bookEntryFor(entries, coin, network, address);

  return (
    <div className="withdrawal-book" data-testid="withdrawal-book">
      {forPair.length > 0 && (
        <SelectField
          id={id}
          label="From the address book"
          value={known ? known.address : ''}
          onChange={(e) => e.target.value && onAddress(e.target.value)}
          data-testid="withdrawal-book-pick"
        >
          <ChoiceOptions
            empty="Choose a saved destination…"
            choices={forPair.map((e) => ({ value: e.address, label: `${e.name} · …${e.address.slice(-6)}` }))}
          />
        </SelectField>
      )}
      {addressValid && known && (
        <p className="withdrawal-check withdrawal-check--ok" data-testid="withdrawal-book-known">
          <span aria-hidden="true">✓ </span>In your address book as “{known.name}”.
        </p>
      )}
      {addressValid && !known && (
        <p className="withdrawal-check withdrawal-check--warn" data-testid="withdrawal-book-new">
          <span aria-hidden="true">⚠ </span>New address — not in your address book.{' '}
          {bookOnly
            ? 'Settings allow withdrawals only to address-book destinations, so this one will be refused.'
            : 'Check it against its source; main’s confirmation will flag it too.'}
        </p>
      )}
    </div>
  );
}
