import type { ReactNode } from 'react';

/**
 * A small form inside a panel (add a host, set a limit, enroll a desk), named by its label rather than
 * a heading. Submitting never reloads the page; `onSubmit` may be async (its own state says it is
 * pending or how it went).
 */
export function InlineForm({
  className,
  label,
  onSubmit,
  children,
}: {
  className: string;
  label: string;
  onSubmit: () => unknown;
  children: ReactNode;
}) {
  return (
    <form
      className={className}
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {children}
    </form>
  );
}
