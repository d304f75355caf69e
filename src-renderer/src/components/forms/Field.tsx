import type {
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';
import { FieldFrame, splitFrame, type FieldChrome } from './FieldFrame';

/**
 * A labelled input whose error sits next to it and is announced with it (aria-describedby). `id` is
 * optional: a form passes one when its error summary links to the field.
 */
export function Field(
  props: FieldChrome & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> },
) {
  const [frame, input] = splitFrame(props);
  return <FieldFrame {...frame}>{(aria) => <input {...aria} {...input} />}</FieldFrame>;
}

/** A labelled pick list, framed like Field; its options are the children (see ChoiceOptions). */
export function SelectField(props: FieldChrome & SelectHTMLAttributes<HTMLSelectElement>) {
  const [frame, select] = splitFrame(props);
  return <FieldFrame {...frame}>{(aria) => <select {...aria} {...select} />}</FieldFrame>;
}

/** A labelled pick list of `choices`, the empty one first ("All states"): a SelectField with its ChoiceOptions. */
export function ChoiceField({
  empty,
  choices,
  ...props
}: FieldChrome & SelectHTMLAttributes<HTMLSelectElement> & ChoiceList) {
  return (
    <SelectField {...props}>
      <ChoiceOptions empty={empty} choices={choices} />
    </SelectField>
  );
}

/** A labelled text area, framed like Field. */
export function TextAreaField(
  props: FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> },
) {
  const [frame, area] = splitFrame(props);
  return <FieldFrame {...frame}>{(aria) => <textarea {...aria} {...area} />}</FieldFrame>;
}

interface ChoiceList {
  empty?: string | undefined;
  choices: ReadonlyArray<{ value: string; label: ReactNode }>;
}

/** A pick list's options: the empty choice first ("Choose…", "All states"), then one per choice. */
export function ChoiceOptions({ empty, choices }: ChoiceList) {
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
