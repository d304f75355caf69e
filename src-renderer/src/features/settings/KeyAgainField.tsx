import { bindValue, SECRET_TEXT } from '../../components/forms/bind';
import { Field } from '../../components/forms/Field';
import { KEY_AGAIN_HINT } from './use-key-confirmation';

/** The API key asked for again by a change that sends it somewhere new (see useKeyConfirmation). */
export function KeyAgainField({
  id,
  value,
  onValue,
  error,
  testId,
}: {
  id?: string;
  value: string;
  onValue: (next: string) => void;
  error: string | undefined;
  testId: string;
}) {
  return (
    <Field
      id={id}
      label="API key"
      {...SECRET_TEXT}
      aria-required="true"
      {...bindValue(value, onValue)}
      error={error}
      hint={KEY_AGAIN_HINT}
      data-testid={testId}
    />
  );
}
