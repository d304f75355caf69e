import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The screen's one h1. It takes focus when the screen opens so a keyboard or screen-reader user
 * lands at the top of the new content instead of staying in the navigation.
 */
export function ScreenHeader({
  title,
  children,
  focusOnMount = true,
}: {
  title: string;
  children?: ReactNode;
  focusOnMount?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) heading.current?.focus({ preventScroll: true });
  }, [focusOnMount]);
  return (
    <header className="screen-header">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children && <div className="screen-header__actions">{children}</div>}
    </header>
  );
}
