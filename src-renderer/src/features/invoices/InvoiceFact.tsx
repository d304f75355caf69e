import type { ReactNode } from 'react';
import { leafText } from '../../lib/humanize';
import type { FieldRead } from './invoice-figures';

/**
 * One labelled fact of a looked-up invoice. A field the lookup could not read says so in place, with
 * the value as it came; a field the answer did not carry says that; neither is ever left blank.
 */
export function Fact({
  label,
  read,
  children,
  testId,
}: {
  label: string;
  read: FieldRead;
  /** How a readable value is shown; the raw value as text when not given. */
  children?: (value: unknown) => ReactNode;
  testId?: string;
}) {
  let body: ReactNode;
  if (read.state === 'unreadable')
    body = (
      <span className="fact--unreadable" data-testid="fact-unreadable">
        could not be read ({read.problem}){read.raw !== undefined ? `: ${leafText(read.raw)}` : ''}
      </span>
    );
  else if (read.state === 'absent') body = <span className="muted">not in the answer</span>;
  else body = children ? children(read.value) : leafText(read.value);
  return (
    <div data-testid={testId}>
      <dt>{label}</dt>
      <dd>{body}</dd>
    </div>
  );
}

export const yesNo = (value: unknown) => (value === true ? 'Yes' : value === false ? 'No' : leafText(value));
