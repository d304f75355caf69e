import type { ReactNode } from 'react';

interface CheckLineProps {
  checked: boolean;
  onCheck: (checked: boolean) => void;
  className: string;
  testId?: string;
  disabled?: boolean;
  /** The id of the words that explain the box (its hint). */
  describedBy?: string;
  children: ReactNode;
}

/** A checkbox with its words after it, the whole line clickable. */
export function CheckLine({
  checked,
  onCheck,
  className,
  testId,
  disabled,
  describedBy,
  children,
}: CheckLineProps) {
  return (
    <label className={className}>
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onCheck(e.target.checked)}
        data-testid={testId}
        aria-describedby={describedBy}
      />{' '}
      {children}
    </label>
  );
}

/**
 * A setting kept by main, as a check line. No box is drawn until main has said how it is set: an unchecked
 * box while reading would say "off". Meanwhile it says it is reading, unless the caller already says so or
 * why the setting could not be read (quietWhileUnknown).
 */
export function SettingCheckLine({
  checked,
  quietWhileUnknown = false,
  ...line
}: Omit<CheckLineProps, 'checked'> & { checked: boolean | null; quietWhileUnknown?: boolean }) {
  if (checked !== null) return <CheckLine checked={checked} {...line} />;
  return quietWhileUnknown ? null : (
    <p role="status" className="muted">
      Reading the setting…
    </p>
  );
}
