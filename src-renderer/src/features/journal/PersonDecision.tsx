import { useId, useRef, useState } from 'react';
import { bindValue } from '../../components/forms/bind';
import { Field, TextAreaField } from '../../components/forms/Field';
import { BusyButton } from '../../components/forms/SubmitButton';

export interface Decision {
  performed: boolean;
  reason: string;
  name: string;
}

/**
 * A person's decision: done or not done, why (what they checked), and who they are. The same form
 * decides one unknown entry or several chosen together (`count` says how many the button records).
 */
export function PersonDecision({
  title,
  busy,
  onDecide,
  count = 1,
  testId = 'journal-decision',
}: {
  title: string;
  busy: boolean;
  onDecide: (decision: Decision) => void;
  count?: number;
  testId?: string;
}) {
  const [performed, setPerformed] = useState<'' | 'yes' | 'no'>('');
  const [reason, setReason] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();
  const refs = {
    performed: useRef<HTMLInputElement>(null),
    reason: useRef<HTMLTextAreaElement>(null),
    name: useRef<HTMLInputElement>(null),
  };

  const submit = () => {
    if (busy) return;
    const found: Record<string, string> = {};
    if (!performed)
      found.performed = count === 1 ? 'Choose whether it was done.' : 'Choose whether they were done.';
    if (reason.trim().length < 3) found.reason = 'Say how you know, for example what you checked and where.';
    if (!name.trim()) found.name = 'Say who is deciding: your name is recorded with the decision.';
    setErrors(found);
    const firstBad = (['performed', 'reason', 'name'] as const).find((k) => found[k]);
    if (firstBad) return refs[firstBad].current?.focus();
    onDecide({ performed: performed === 'yes', reason: reason.trim(), name: name.trim() });
  };
  const what = count === 1 ? '' : ` ${count} entries`;

  return (
    <form
      className="journal-decision"
      aria-labelledby={`${id}-title`}
      data-testid={testId}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h4 id={`${id}-title`}>{title}</h4>
      <fieldset aria-describedby={errors.performed ? `${id}-performed-error` : undefined}>
        <legend>What happened?</legend>
        <label>
          <input
            ref={refs.performed}
            type="radio"
            name={`${id}-performed`}
            checked={performed === 'yes'}
            onChange={() => setPerformed('yes')}
          />{' '}
          {count === 1 ? 'It was done' : 'Each was done'} (the service performed it)
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-performed`}
            checked={performed === 'no'}
            onChange={() => setPerformed('no')}
          />{' '}
          {count === 1 ? 'It was not done' : 'None of them was done'}
        </label>
        {errors.performed && (
          <p id={`${id}-performed-error`} className="field__error">
            {errors.performed}
          </p>
        )}
      </fieldset>
      <TextAreaField
        ref={refs.reason}
        id={`${id}-reason`}
        label="Why — what you checked"
        rows={3}
        maxLength={1000}
        {...bindValue(reason, setReason)}
        error={errors.reason}
        data-testid={`${testId}-reason`}
      />
      <Field
        ref={refs.name}
        id={`${id}-name`}
        label="Your name"
        hint="Recorded as a note beside the name you signed in to this computer with"
        {...bindValue(name, setName)}
        maxLength={100}
        autoComplete="name"
        error={errors.name}
        data-testid={`${testId}-name`}
      />
      <BusyButton busy={busy} busyText="Recording…" testId={`${testId}-submit`}>
        {/* Names the decision only once it is chosen: before that, it must not read as "done". */}
        {performed === 'no'
          ? `Record${what} as not done`
          : performed === 'yes'
            ? `Record${what} as done`
            : `Record the decision${count === 1 ? '' : ` for ${count} entries`}`}
      </BusyButton>
    </form>
  );
}
