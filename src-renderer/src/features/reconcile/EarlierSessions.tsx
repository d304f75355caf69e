import { useEffect } from 'react';
import { formatZonedDateTime } from '../../lib/zoned-time';
import { useReconcileStore } from './reconcile-store';

/**
 * Sessions started before, to reopen one (an open one to finish, a closed one to export again).
 * `readOnly`: all the screen offers this person (a team's viewer), so an empty list says so rather than
 * leaving the screen blank.
 */
export function EarlierSessions({
  profileId,
  readOnly = false,
}: {
  profileId: string | null;
  readOnly?: boolean;
}) {
  const earlier = useReconcileStore((s) => s.earlier);
  const load = useReconcileStore((s) => s.loadEarlier);
  const open = useReconcileStore((s) => s.open);
  const current = useReconcileStore((s) => s.session?.id);
  useEffect(() => {
    void load();
  }, [load, profileId]);
  if (earlier.length === 0)
    return readOnly ? (
      <p className="muted" data-testid="recon-earlier-none">
        No reconciliation session has been started for this profile yet. Those the team starts are listed here
        to read.
      </p>
    ) : null;
  return (
    <details className="recon-earlier" data-testid="recon-earlier">
      <summary>Earlier sessions ({earlier.length})</summary>
      <ul>
        {earlier.map((s) => (
          <li key={s.id}>
            <button
              type="button"
              className="button button--small"
              onClick={() => void open(s.id)}
              aria-current={s.id === current ? 'true' : undefined}
            >
              Session {s.id}
            </button>{' '}
            {formatZonedDateTime(s.period.from)} – {formatZonedDateTime(s.period.to)} ·{' '}
            {s.state === 'closed' ? 'closed' : 'open'}
          </li>
        ))}
      </ul>
    </details>
  );
}
