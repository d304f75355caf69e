import type { ReactNode } from 'react';

/**
 * A part of a screen named by its heading (aria-labelledby), so a screen-reader user can find it by
 * name. `name` is its test id, and its heading's id is `${name}-title`.
 */
export function TitledSection({
  name,
  className,
  title,
  level = 2,
  titleClass,
  children,
}: {
  name: string;
  className: string;
  title: ReactNode;
  /** The heading's level: 2 for a part of a screen, 3 for a part of such a part. */
  level?: 2 | 3;
  titleClass?: string;
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={className} aria-labelledby={`${name}-title`} data-testid={name}>
      <Heading id={`${name}-title`} className={titleClass}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
