import type { ChangeEvent } from 'react';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** A control shows `value` and hands what is typed or picked to `set`. */
export const bindValue = (value: string, set: (next: string) => void) => ({
  value,
  onChange: (e: ChangeEvent<Control>) => set(e.target.value),
});

/** Codes, ids, keys and addresses are typed exactly: no autofill, no spell check. */
export const EXACT_TEXT = { autoComplete: 'off', spellCheck: false } as const;

/** Amounts: the decimal keypad on touch keyboards, no autofill. */
export const DECIMAL_TEXT = { inputMode: 'decimal', autoComplete: 'off' } as const;

/** A web address to send someone or something to. */
export const URL_TEXT = { inputMode: 'url', placeholder: 'https://' } as const;

/** An API key: hidden, never offered from the browser's memory, never spell-checked. */
export const SECRET_TEXT = { type: 'password', autoComplete: 'new-password', spellCheck: false } as const;

/**
 * Binds the fields of a draft by name: each gets its id (the one the error summary links to), its
 * value, its change and its error.
 */
export function bindDraft<F extends string>(
  draft: Record<F, string>,
  set: (field: F, value: string) => void,
  errors: Partial<Record<F, string>>,
  fieldId: (field: F) => string,
) {
  return (field: F) => ({
    id: fieldId(field),
    ...bindValue(draft[field], (value) => set(field, value)),
    error: errors[field],
  });
}
