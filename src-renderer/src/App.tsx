import './shell/lazy-parts-styles';
import { Suspense, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { Announcer } from './components/Announcer';
import { ErrorBoundary } from './components/ErrorBoundary';
import { useAboutStore } from './features/about/about-store';
import { useLockStore } from './stores/lock-store';
import { useRegionStore } from './stores/region-store';
import { useTeamStore } from './stores/team-store';
import { LoadingSkeleton } from './components/LoadingSkeleton';
import { NavBar } from './shell/NavBar';
import { isSandboxProfile, screenFromHash, screenLabel } from './shell/routes';
import { windowTitle } from './shell/environment-words';
import { SCREEN_COMPONENTS } from './shell/screens';
import { selectActiveProfile, useShellStore } from './stores/shell-store';
import { OfflineBannerScope, ReadOnlyJournalScope } from './shell/StatusIndicators';
import { Toasts } from './shell/Toasts';
import { TopBar } from './shell/TopBar';
import { useAfterFirstPaint } from './shell/use-after-first-paint';
import {
  AboutDialog,
  LockScreen,
  ShellAnnouncements,
  StatusBanners,
  UnknownWithdrawalsBanner,
} from './shell/lazy-parts';

function subscribeHash(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

const readHash = () => window.location.hash;

export function App() {
  const profile = useShellStore(selectActiveProfile);
  const sandboxActive = isSandboxProfile(profile?.id);
  const teamJoined = useTeamStore((s) => s.status?.joined === true);
  const screen = screenFromHash(useSyncExternalStore(subscribeHash, readHash), sandboxActive, teamJoined);
  const label = screenLabel(screen);
  const Screen = SCREEN_COMPONENTS[screen];
  const painted = useAfterFirstPaint();
  const locked = useLockStore((s) => s.locked);
  // Numbers are formatted as they are drawn: a new Region draws the screen again (issue 29).
  const region = useRegionStore((s) => s.region);

  // Pushes are heard from the start; what is loaded waits for the first paint (see useAfterFirstPaint).
  useEffect(() => useShellStore.getState().listen(), []);
  useEffect(() => useLockStore.getState().listen(), []);
  // Help → About from the menu opens the dialog even when it comes before the dialog's code has loaded.
  useEffect(() => useAboutStore.getState().listen(), []);
  useEffect(() => {
    if (!painted) return;
    const { loadProfiles, loadStatus } = useShellStore.getState();
    void loadProfiles();
    void loadStatus();
    void useLockStore.getState().load();
    void useRegionStore.getState().load();
  }, [painted]);

  // The environment is in the window title too, so it shows in the task switcher and dock.
  const title = windowTitle(profile, label);
  const skeleton = <LoadingSkeleton label={`Loading ${label}…`} />;
  useEffect(() => {
    document.title = title;
  }, [title]);
  // Another screen starts at its top, as a new page would: the scrolled area is the shell's <main>, so
  // without this it kept the last screen's offset (the Overview opened halfway down after Settings).
  const scroller = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [screen]);

  // What the shell says out loud (it draws nothing), drawn after the first paint. It stays in the same
  // place through a lock, so it remembers what it already said, as when it was a hook of App's.
  const announcements = painted && (
    <Suspense fallback={null}>
      <ShellAnnouncements />
    </Suspense>
  );

  // Locked (main's decision): only the lock screen, so nothing of the desk is seen or reached behind it.
  // Its code loads on the first lock; meanwhile the window says it is locked, and shows nothing else.
  if (locked)
    return (
      <>
        <Suspense
          fallback={
            // In the lock screen's frame (its styles are in the first stylesheet), centred where it appears.
            <div className="lock-screen">
              <LoadingSkeleton rows={0} label="Locked. Opening the unlock screen…" />
            </div>
          }
        >
          <LockScreen />
        </Suspense>
        {announcements}
      </>
    );

  return (
    <>
      <OfflineBannerScope>
        <ReadOnlyJournalScope>
          <div className="app">
            <a
              className="skip-link"
              href="#main"
              onClick={(e) => {
                e.preventDefault();
                document.getElementById('main')?.focus();
              }}
            >
              Skip to content
            </a>
            <NavBar current={screen} sandboxActive={sandboxActive} teamJoined={teamJoined} />
            <div className="app__body">
              <TopBar />
              <div className="app__scroll">
                {/* The clock, offline and unknown-outcome warnings are a landmark of their own, so a screen
                reader's landmark list reaches them (they sat outside any). */}
                <section className="app__warnings" aria-label="Warnings" data-testid="shell-warnings">
                  {/* Each shows nothing until main's answers have loaded, so its code can wait for the first paint. */}
                  {painted && (
                    <Suspense fallback={null}>
                      <StatusBanners />
                      {/* The Withdrawals screen shows this warning in its own place: one banner per cause. */}
                      {screen !== 'withdrawals' && <UnknownWithdrawalsBanner place="shell" />}
                    </Suspense>
                  )}
                </section>
                <main id="main" tabIndex={-1} className="main" ref={scroller}>
                  {/* Keyed by screen: an error in one screen is forgotten when the user moves to another. */}
                  <ErrorBoundary key={`${screen}|${region ?? ''}`} area={label}>
                    {/* The first paint shows the skeleton itself; the screen's code is fetched just after. */}
                    {painted ? (
                      <Suspense fallback={skeleton}>
                        <Screen />
                      </Suspense>
                    ) : (
                      skeleton
                    )}
                  </ErrorBoundary>
                </main>
              </div>
            </div>
            <Toasts screen={screen} />
            {/* Closed at start: its code arrives just after the first paint, and opens if the menu asked. */}
            {painted && (
              <Suspense fallback={null}>
                <AboutDialog />
              </Suspense>
            )}
            <Announcer />
          </div>
        </ReadOnlyJournalScope>
      </OfflineBannerScope>
      {announcements}
    </>
  );
}
