import { useEffect, useRef } from 'react';
import type { Profile } from '@contract';

/**
 * Removing a profile deletes its key from the keychain too, so it asks first. Focus goes to
 * "Keep profile", never to the destructive button, and Escape cancels (UX.md rule 3).
 */
export function RemoveConfirm({
  profile,
  active,
  busy,
  onConfirm,
  onCancel,
}: {
  profile: Profile;
  active: boolean;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div
      className="confirm"
      role="group"
      aria-labelledby={`remove-${profile.id}`}
      data-testid="remove-confirm"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
      }}
    >
      <p id={`remove-${profile.id}`}>
        <strong>Remove “{profile.name}”?</strong> Its API key is deleted from the system keychain as well.
        {active && ' It is the active profile: Merchant Desk switches to the Sandbox.'} Records already in the
        journal are kept.
      </p>
      <div className="form__actions">
        <button ref={keep} type="button" className="button" onClick={onCancel}>
          Keep profile
        </button>
        <button
          type="button"
          className="button button--danger"
          onClick={onConfirm}
          disabled={busy}
          data-testid="remove-confirm-button"
        >
          Remove profile and key
        </button>
      </div>
    </div>
  );
}
