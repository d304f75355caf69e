import { EXACT_TEXT } from '../../components/forms/bind';
import { Field } from '../../components/forms/Field';
import { CONFIRM_LENGTH, type TypedEnds } from './address-confirmation';

interface AddressConfirmationProps {
  /** Prefix of the two fields' ids: `${id}-start`, `${id}-end`. */
  id: string;
  typed: TypedEnds;
  onChange: (typed: TypedEnds) => void;
  /** The end that did not match, and why, once the person tried to send. */
  problem: { end: keyof TypedEnds; message: string } | undefined;
  /** Enter in the last field: where the focus goes next (the send button). Never sends. */
  onDone: () => void;
}

/**
 * The deliberate act before money moves: typing the address's first and last characters, each in
 * its own short box, so both ends were compared with the recipient's copy, not only the end.
 */
export function AddressConfirmation({ id, typed, onChange, problem, onDone }: AddressConfirmationProps) {
  const field = (end: keyof TypedEnds, label: string, next: () => void) => (
    <Field
      id={`${id}-${end}`}
      label={label}
      value={typed[end]}
      onChange={(e) => onChange({ ...typed, [end]: e.target.value })}
      error={problem?.end === end ? problem.message : undefined}
      onKeyDown={(e) => {
        // Enter only moves on: money moves on a press of the send button itself.
        if (e.key !== 'Enter') return;
        e.preventDefault();
        next();
      }}
      {...EXACT_TEXT}
      className="withdrawal-review__confirm"
      data-testid={end === 'start' ? 'review-confirm-start' : 'review-confirm'}
    />
  );
  return (
    <fieldset className="withdrawal-review__confirmation">
      <legend>To confirm, type the bold characters at both ends of the address</legend>
      <p className="muted">Compare the whole address with the recipient’s copy first.</p>
      {field('start', `First ${CONFIRM_LENGTH} characters`, () =>
        document.getElementById(`${id}-end`)?.focus(),
      )}
      {field('end', `Last ${CONFIRM_LENGTH} characters`, onDone)}
    </fieldset>
  );
}
