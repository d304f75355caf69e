import { useId, useState } from 'react';
import { bindValue } from '../../components/forms/bind';
import { BusyButton } from '../../components/forms/SubmitButton';
import { useReconcileStore } from './reconcile-store';

/**
 * One reason for every gap still without one: a desk first run today has a gap for each asset, all
 * with the same cause. Each gap is still recorded as its own exception, with this note.
 */
export function ReasonForAll({ keys }: { keys: readonly string[] }) {
  const reviewAll = useReconcileStore((s) => s.reviewAll);
  const busy = useReconcileStore((s) => s.busy === 'review');
  const [note, setNote] = useState('');
  const [name, setName] = useState('');
  const id = useId();
  return (
    <form
      className="recon-review recon-reason-all"
      data-testid="recon-reason-all"
      onSubmit={(e) => {
        e.preventDefault();
        void reviewAll(keys, note, name).then((ok) => ok && setNote(''));
      }}
    >
      <label htmlFor={`${id}-note`}>
        One reason for all {keys.length} gaps (each is recorded as an exception)
      </label>
      <input id={`${id}-note`} {...bindValue(note, setNote)} data-testid="recon-reason-all-note" />
      <label htmlFor={`${id}-name`}>Your name</label>
      <input id={`${id}-name`} {...bindValue(name, setName)} data-testid="recon-reason-all-name" />
      <BusyButton className="button" busy={busy} testId="recon-reason-all-submit">
        Record as {keys.length} exceptions
      </BusyButton>
    </form>
  );
}
