import { useEffect } from 'react';
import { Badge } from '../../components/Badge';
import { useAfterFirstPaint } from '../../shell/use-after-first-paint';
import { useTeamStore } from '../../stores/team-store';
import { teamBadgeWords } from './team-words';
import './team-indicator.css';

/** Team mode's connection in the top bar, compact; nothing at all for a desk on no team. */
export function TeamIndicator() {
  const status = useTeamStore((s) => s.status);
  const load = useTeamStore((s) => s.load);
  const listen = useTeamStore((s) => s.listen);
  // Pushes are heard from the start; the status is read after the first paint, like the shell's own.
  const painted = useAfterFirstPaint();
  useEffect(() => listen(), [listen]);
  useEffect(() => {
    if (painted) void load();
  }, [painted, load]);
  if (!status?.joined) return null;
  const words = teamBadgeWords(status);
  return (
    <span data-testid="team-status" title={status.words} data-connection={status.connection}>
      <span className="visually-hidden">Team ledger: </span>
      <Badge tone={words.tone}>
        {words.narrow ? (
          <>
            <span className="team-indicator__wide">{words.label}</span>
            <span className="team-indicator__narrow" aria-hidden="true">
              {words.narrow}
            </span>
          </>
        ) : (
          words.label
        )}
      </Badge>
      <span className="visually-hidden"> {status.words}</span>
    </span>
  );
}
