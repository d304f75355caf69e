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

/** A labelled text area, framed like Field. */
export function TextAreaField(
  props: FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> },
) {
  const [frame, area] = splitFrame(props);
  return <FieldFrame {...frame}>{(aria) => <textarea {...aria} {...area} />}</FieldFrame>;
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
