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

/**
 * A button that starts something which is not money (a check, a session, a refresh): disabled and
 * marked busy while it runs, so a double click asks once.
 */
export function BusyButton({
  busy,
  busyText,
  testId,
  children,
  type = 'submit',
  className = 'button button--primary',
  ...rest
}: ButtonProps & { busy: boolean; busyText?: string; testId?: string; children: ReactNode }) {
  return (
    <button type={type} className={className} disabled={busy} aria-busy={busy} data-testid={testId} {...rest}>
      {busy && busyText !== undefined ? busyText : children}
    </button>
  );
}
