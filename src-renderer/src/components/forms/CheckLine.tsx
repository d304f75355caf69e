import type { ReactNode } from 'react';

/** A checkbox with its words after it, the whole line clickable. */
export function CheckLine({
  checked,
  onCheck,
  className,
  testId,
  children,
}: {
  checked: boolean;
  onCheck: (checked: boolean) => void;
  className: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <label className={className}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onCheck(e.target.checked)}
        data-testid={testId}
      />{' '}
      {children}
    </label>
  );
}
