import { useEffect, useId, useRef, useState } from 'react';
import { bindValue } from './bind';

/** How long typed filter text waits for the next key before main is asked. */
const TYPING_PAUSE_MS = 350;

/** One filter control as a filter form binds it: its id, value, change and test id. */
export type FilterControl = ReturnType<ReturnType<typeof filterBinder>>;

/**
 * Binds a list's filter controls by key: `prefix` names their test ids (`journal` →
 * `journal-filter-state`), `id` their element ids, and `change` hears each new value.
 */
export function filterBinder<D extends Record<keyof D, string>>(
  values: D,
  id: string,
  prefix: string,
  change: (key: keyof D & string, value: string) => void,
) {
  return (key: keyof D & string) => ({
    id: `${id}-${key}`,
    ...bindValue(values[key], (value) => change(key, value)),
    'data-testid': `${prefix}-filter-${key}`,
  });
}

/**
 * A filter form's draft. The fields show each change at once; `send` hears it once it settles: typed
 * text (the `typed` key) after a pause so each key does not ask main, a pick at once, and a reversed
 * day range never (the list keeps its previous filter and the fields say why). `form` wires a
 * FilterForm: Enter applies the draft now, and clearing goes back to `empty`.
 */
export function useFilterDraft<D extends Record<keyof D, string>>({
  empty,
  initial = empty,
  prefix,
  typed,
  reversed,
  send,
}: {
  empty: D;
  initial?: D;
  prefix: string;
  typed: keyof D & string;
  reversed: (draft: D) => boolean;
  send: (draft: D) => void;
}) {
  const [draft, setDraft] = useState<D>(initial);
  const id = useId();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (next: D, wait = 0) => {
    setDraft(next);
    clearTimeout(timer.current);
    if (reversed(next)) return;
    timer.current = setTimeout(() => send(next), wait);
  };
  // A pick list offers only its choices, so the value it hands over fits the draft's type.
  const bound = filterBinder(draft, id, prefix, (key, value) =>
    apply({ ...draft, [key]: value }, key === typed ? TYPING_PAUSE_MS : 0),
  );
  const form = { onApply: () => apply(draft), onClear: () => apply(empty), cleared: draft === empty };
  return { draft, setDraft, apply, bound, form };
}
