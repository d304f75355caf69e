import type { ReactNode } from 'react';

/**
 * An outcome nobody knows: the service's answer did not arrive. Its own look and words, never shown
 * as a failure, and nothing is tried again by itself. `alert` when it is the only place it is said.
 */
export function UnknownNotice({
  title,
  testId,
  alert = false,
  children,
}: {
  title: ReactNode;
  testId: string;
  alert?: boolean;
  children: ReactNode;
}) {
  return (
    <div
      className="notice notice--unknown"
      role={alert ? 'alert' : undefined}
      data-testid={testId}
      data-state="unknown"
    >
      <p className="notice__title">
        <UnknownMark />
        {title}
      </p>
      {children}
    </div>
  );
}

/** The mark that starts an unknown outcome's title; screen readers hear the words, not the mark. */
export function UnknownMark() {
  return <span aria-hidden="true">? </span>;
}
