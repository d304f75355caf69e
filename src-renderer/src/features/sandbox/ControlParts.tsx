import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import type { RequestOf } from '@contract';
import { DECIMAL_STRING } from '@shared/money/rules';
import { ErrorNotice } from '../../components/StateViews';
import { TitledSection } from '../../components/TitledSection';
import { fieldErrorsOf } from '../../lib/ipc';
import { GROUP_WORDS } from './group-words';
import { useSandboxControls, type ControlGroup, type KnownItem } from './sandbox-store';

/** What one group's last action did: a plain sentence, or the error in place (focused, announced). */
export function ResultLine({ group, what }: { group: ControlGroup; what: string }) {
  const outcome = useSandboxControls((s) => s.outcomes[group]);
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome && !outcome.ok) errorRef.current?.querySelector<HTMLElement>('[role="alert"]')?.focus();
  }, [outcome]);
  if (!outcome) return null;
  if (outcome.ok)
    return (
      <p className="notice notice--good sandbox-result" data-testid={`sandbox-result-${group}`}>
        {outcome.message}
      </p>
    );
  return (
    <div ref={errorRef} data-testid={`sandbox-error-${group}`}>
      <ErrorNotice title={`${what} was not done.`} error={outcome.error} sent="Nothing was changed." />
    </div>
  );
}

/** Field errors of this group's last failed action, by field name (from main's zod check). */
export function useGroupFieldErrors(group: ControlGroup): Record<string, string> {
  const outcome = useSandboxControls((s) => s.outcomes[group]);
  return outcome && !outcome.ok ? fieldErrorsOf(outcome.error) : {};
}

/**
 * What a group's controls use: whether its action runs, the action, the field errors of its last
 * failure, and `refused` for an attempt the form itself stopped (its last answer then goes).
 */
export function useControlGroup(group: ControlGroup) {
  const busy = useSandboxControls((s) => !!s.busy[group]);
  const act = useSandboxControls((s) => s.act);
  const clear = useSandboxControls((s) => s.refused);
  const server = useGroupFieldErrors(group);
  return { busy, act, server, refused: () => clear(group) };
}

/**
 * A group of controls: a panel titled and introduced in the group's words, holding one form whose
 * Enter runs the primary action.
 */
export function ControlGroupPanel({
  group,
  onSubmit,
  children,
}: {
  group: ControlGroup;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { title, intro } = GROUP_WORDS[group];
  const busy = useSandboxControls((s) => !!s.busy[group]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) onSubmit();
  };
  return (
    <TitledSection name={`sandbox-group-${group}`} className="panel sandbox-group" title={title}>
      <p className="muted">{intro}</p>
      <form className="form" onSubmit={submit} noValidate aria-busy={busy}>
        {children}
      </form>
    </TitledSection>
  );
}

/** A group's one-click action (no fields): one request, refused while the group's last one runs. */
export function ActionButton({
  group,
  action,
  disabled = false,
  pressed,
  children,
}: {
  group: ControlGroup;
  action: RequestOf<'sandbox:act'>;
  disabled?: boolean;
  /** For an on/off setting: whether it is on. */
  pressed?: boolean;
  children: ReactNode;
}) {
  const { busy, act } = useControlGroup(group);
  return (
    <button
      type="button"
      className="button"
      aria-pressed={pressed}
      disabled={busy || disabled}
      onClick={() => void act(group, action)}
    >
      {children}
    </button>
  );
}

/** The pick list behind a free-text field: what the desk knows, still allowing any value. */
export function KnownOptions({ id, items }: { id: string; items: KnownItem[] }) {
  return (
    <datalist id={id}>
      {items.map((item) => (
        <option key={item.value} value={item.value}>
          {item.label}
        </option>
      ))}
    </datalist>
  );
}

/** A decimal such as "12.50": the same rule main checks, so a typo is caught before sending. */
export const looksDecimal = (value: string): boolean => DECIMAL_STRING.test(value);
