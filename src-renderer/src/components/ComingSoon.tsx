import { ScreenHeader } from './ScreenHeader';

/** Screens whose work lands in a later release: say so plainly instead of showing an empty page. */
export function ComingSoon({ title, summary }: { title: string; summary: string }) {
  return (
    <section aria-labelledby="coming-soon" data-testid="coming-soon">
      <ScreenHeader title={title} />
      <div className="notice notice--info">
        <p className="notice__title" id="coming-soon">
          {title} is coming in the next release.
        </p>
        <p>{summary}</p>
      </div>
    </section>
  );
}
