import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { FieldFrame, type FieldChrome } from './FieldFrame';

/**
 * A labelled input whose error sits next to it and is announced with it (aria-describedby). `id` is
 * optional: a form passes one when its error summary links to the field.
 */
export function Field({
  label,
  error,
  hint,
  hintGivesWay,
  fieldClass,
  id,
  ...input
}: FieldChrome & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame {...{ id, label, error, hint, hintGivesWay, fieldClass }}>
      {(aria) => <input {...aria} {...input} />}
    </FieldFrame>
  );
}

/** A labelled pick list, framed like Field; its options are the children (see ChoiceOptions). */
export function SelectField({
  label,
  error,
  hint,
  hintGivesWay,
  fieldClass,
  id,
  ...select
}: FieldChrome & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldFrame {...{ id, label, error, hint, hintGivesWay, fieldClass }}>
      {(aria) => <select {...aria} {...select} />}
    </FieldFrame>
  );
}

/** A labelled text area, framed like Field. */
export function TextAreaField({
  label,
  error,
  hint,
  hintGivesWay,
  fieldClass,
  id,
  ...area
}: FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame {...{ id, label, error, hint, hintGivesWay, fieldClass }}>
      {(aria) => <textarea {...aria} {...area} />}
    </FieldFrame>
  );
}

/** A pick list's options: the empty choice first ("Choose…", "All states"), then one per choice. */
export function ChoiceOptions({
  empty,
  choices,
}: {
  empty?: string;
  choices: ReadonlyArray<{ value: string; label: ReactNode }>;
}) {
  return (
    <>
      {empty !== undefined && <option value="">{empty}</option>}
      {choices.map((c) => (
        <option key={c.value} value={c.value}>
          {c.label}
        </option>
      ))}
    </>
  );
}
