import { Suspense } from 'react';
import { AboutLink } from '../features/about/AboutLink';
import { ApprovalsWaitingCount } from './lazy-parts';
import { visibleScreens, type ScreenId } from './routes';

/** Plain links to hash routes: keyboard, middle-click and screen readers all understand them. */
export function NavBar({
  current,
  sandboxActive,
  teamJoined = false,
}: {
  current: ScreenId;
  sandboxActive: boolean;
  /** A desk of a team also lists the team's screens (Approvals). */
  teamJoined?: boolean;
}) {
  return (
    <nav className="nav" aria-label="Main">
      <p className="nav__brand">Merchant Desk</p>
      <ul>
        {visibleScreens(sandboxActive, teamJoined).map((s) => (
          <li key={s.id}>
            <a
              href={`#/${s.id}`}
              aria-current={s.id === current ? 'page' : undefined}
              data-testid={`nav-${s.id}`}
            >
              {s.label}
              {s.id === 'approvals' && (
                <Suspense fallback={null}>
                  <ApprovalsWaitingCount />
                </Suspense>
              )}
            </a>
          </li>
        ))}
      </ul>
      <AboutLink />
    </nav>
  );
}
