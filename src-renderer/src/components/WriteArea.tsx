import type { ReactNode } from 'react';

/** Why main refuses this person a screen's writes (a viewer on a team), in its words: who can. */
export function NotAllowed({ area, why }: { area: string; why: string }) {
  return (
    <p className="notice notice--info" role="status" data-testid={`${area}-not-allowed`}>
      {why}
    </p>
  );
}

/**
 * Where a screen offers its write forms: to a person main refuses them, only why (`refused`, in main's
 * words); to everyone else the forms, in a block of `className`.
 */
export function WriteArea({
  area,
  refused,
  className,
  children,
}: {
  /** Names the notice's test id: `invoices` → `invoices-not-allowed`. */
  area: string;
  refused: string | null;
  className: string;
  children: ReactNode;
}) {
  if (refused) return <NotAllowed area={area} why={refused} />;
  return <div className={className}>{children}</div>;
}
