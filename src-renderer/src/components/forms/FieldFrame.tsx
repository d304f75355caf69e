import { useId, type ReactNode } from 'react';

/** What every field shows around its control: the label, a hint, and its error. */
export interface FieldChrome {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** The hint gives way to the error instead of standing above it (a hint that only helps until then). */
  hintGivesWay?: boolean;
  /** Extra classes on the field's wrapper (the control's own `className` styles the control). */
  fieldClass?: string;
}

/** The ids and states a control needs so its hint and error are announced with it. */
export interface ControlAria {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * One field's frame: the label tied to the control, then its hint and its error, both named by the
 * control's aria-describedby. `id` is optional: a form passes one when its error summary links to the
 * field. The control itself is the caller's (an input, a select, a textarea).
 */
export function FieldFrame({
  id: givenId,
  label,
  error,
  hint,
  hintGivesWay = false,
  fieldClass,
  children,
}: FieldChrome & { id?: string | undefined; children: (aria: ControlAria) => ReactNode }) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const showHint = Boolean(hint) && !(hintGivesWay && error);
  const hintId = showHint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const aria: ControlAria = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [hintId, errorId].filter(Boolean).join(' ') || undefined,
  };
  return (
    <div className={['field', error ? 'field--invalid' : '', fieldClass ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      {children(aria)}
      {showHint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A field's props split in two: what its frame shows, and what goes on the control itself. */
export function splitFrame<P extends FieldChrome & { id?: string | undefined }>(
  props: P,
): [FieldChrome & { id?: string | undefined }, Omit<P, keyof FieldChrome | 'id'>] {
  const { id, label, error, hint, hintGivesWay, fieldClass, ...control } = props;
  return [{ id, label, error, hint, hintGivesWay, fieldClass }, control];
}
