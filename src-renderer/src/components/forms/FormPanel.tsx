import { useId, type FormEvent, type ReactNode, type Ref } from 'react';
import './forms.css';

/**
 * A form as a titled panel: its heading names it, an optional sentence says what it does, and the
 * browser's own checks stay off (every form checks with the app's rules and says so in words).
 * Submitting never reloads the page; `onSubmit` may be async (its own state says it is pending).
 */
export function FormPanel({
  title,
  titleId,
  titleRef,
  intro,
  onSubmit,
  className,
  testId,
  children,
}: {
  title: string;
  /** A fixed id for the heading, where something else points at it; a generated one otherwise. */
  titleId?: string;
  /** The heading takes focus when the panel opens (a review step). */
  titleRef?: Ref<HTMLHeadingElement>;
  intro?: ReactNode;
  onSubmit: () => void | Promise<unknown>;
  className: string;
  testId: string;
  children: ReactNode;
}) {
  const autoId = useId();
  const headingId = titleId ?? `${autoId}-title`;
  return (
    <form
      className={className}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void onSubmit();
      }}
      noValidate
      aria-labelledby={headingId}
      data-testid={testId}
    >
      <h2 id={headingId} ref={titleRef} tabIndex={titleRef ? -1 : undefined}>
        {title}
      </h2>
      {intro && <p className="muted">{intro}</p>}
      {children}
    </form>
  );
}
