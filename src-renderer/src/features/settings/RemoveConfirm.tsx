import type { Profile } from '@contract';
import { ConfirmInline } from '../../components/forms/ConfirmInline';

/** Removing a profile deletes its key from the keychain too, so it asks first. */
export function RemoveConfirm({
  profile,
  active,
  ...answer
}: {
  profile: Profile;
  active: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmInline
      keepLabel="Keep profile"
      actLabel="Remove profile and key"
      testId="remove-confirm"
      {...answer}
    >
      <strong>Remove “{profile.name}”?</strong> Its API key is deleted from the system keychain as well.
      {active && ' It is the active profile: Merchant Desk switches to the Sandbox.'} Records already in the
      journal are kept.
    </ConfirmInline>
  );
}
