import { useAnnouncerStore } from './announcer';

/** Rendered once by the app: both regions exist from the start, so their first message is read out. */
export function Announcer() {
  const polite = useAnnouncerStore((s) => s.polite);
  const assertive = useAnnouncerStore((s) => s.assertive);
  return (
    <div className="visually-hidden announcer" data-testid="announcer">
      <div role="status" aria-live="polite" aria-atomic="true" data-testid="announce-polite">
        {polite}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true" data-testid="announce-assertive">
        {assertive}
      </div>
    </div>
  );
}
