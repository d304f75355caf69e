import type { ButtonHTMLAttributes, ReactNode } from 'react';

type ButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'disabled'>;

/**
 * The primary button of a money form. While its request is on its way it says so and is marked
 * aria-disabled, not disabled: it keeps focus (a disabled button drops it to the page), and the form's
 * handler ignores a second press, so nothing is sent twice.
 */
export function SubmitButton({
  busy,
  busyText,
  testId,
  children,
  className = 'button button--primary',
  ...rest
}: ButtonProps & { busy: boolean; busyText: string; testId?: string; children: ReactNode }) {
  return (
    <button
      type="submit"
      className={className}
      aria-disabled={busy || undefined}
      data-testid={testId}
      {...rest}
    >
      {busy ? busyText : children}
    </button>
  );
}

type BusyProps = ButtonProps & {
  busy: boolean;
  busyText?: string;
  /** Off for another reason than its own action running (nothing to save yet, a list at its limit). */
  disabled?: boolean;
  testId?: string;
  children: ReactNode;
};

/**
 * A button that starts something which is not money (a check, a session, a refresh): disabled and
 * marked busy while it runs, so a double click asks once.
 */
export function BusyButton({
  busy,
  busyText,
  disabled = false,
  testId,
  children,
  type = 'submit',
  className = 'button button--primary',
  ...rest
}: BusyProps) {
  return (
    <button
      type={type}
      className={className}
      disabled={busy || disabled}
      aria-busy={busy}
      data-testid={testId}
      {...rest}
    >
      {busy && busyText !== undefined ? busyText : children}
    </button>
  );
}

/**
 * A plain button (not a form's submit) that runs one action, often async, on a click: a BusyButton
 * whose action's promise is its own business (its state says how it went).
 */
export function RunButton({
  run,
  className = 'button',
  ...rest
}: Omit<BusyProps, 'type' | 'onClick'> & { run: () => unknown }) {
  return <BusyButton type="button" className={className} onClick={() => void run()} {...rest} />;
}
