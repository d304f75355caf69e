import { useEffect, useRef } from 'react';
import { announce } from '../components/announcer';
import { formatOffset } from '../lib/time';
import { connectionWords } from './connection-words';
import { environmentWords } from './environment-words';
import { selectActiveProfile, useShellStore } from '../stores/shell-store';

/**
 * Says out loud the changes that matter: an environment switch, going offline or back online, a
 * clock-skew block. Steady states and refresh ticks are never announced.
 */
export function useShellAnnouncements(): void {
  const profile = useShellStore(selectActiveProfile);
  const state = useShellStore((s) => s.connection?.state ?? null);
  const connection = useShellStore((s) => s.connection);
  const blocked = useShellStore((s) => s.skew?.breaksWindow ?? false);
  const offsetMs = useShellStore((s) => s.skew?.offsetMs ?? 0);
  const seen = useRef<{ profileId: string | null; state: string | null; blocked: boolean }>({
    profileId: null,
    state: null,
    blocked: false,
  });

  useEffect(() => {
    if (!profile) return;
    const before = seen.current.profileId;
    seen.current.profileId = profile.id;
    if (before !== null && before !== profile.id) {
      const env = environmentWords(profile.environment);
      announce(
        `Switched to ${profile.name} — ${env.spoken}`,
        profile.environment === 'live' ? 'assertive' : 'polite',
      );
    }
  }, [profile]);

  useEffect(() => {
    const before = seen.current.state;
    seen.current.state = state;
    if (state === before || state === null) return;
    // Degraded is shown, not spoken: main can flip between it and online on every poll (public rates
    // succeed while signed reads are refused), and that must not become a message every 5 seconds.
    if (state === 'offline') announce(`Offline. ${connectionWords(connection).cause ?? ''}`, 'assertive');
    else if (state === 'online' && before === 'offline') announce('Back online.');
    // connection is read for its words only; a new message in the same state is not news.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state]);

  useEffect(() => {
    const before = seen.current.blocked;
    seen.current.blocked = blocked;
    if (blocked && !before) {
      announce(
        `This computer’s clock is ${formatOffset(offsetMs)} off. Sending money is blocked until the clock is fixed.`,
        'assertive',
      );
    } else if (!blocked && before) {
      announce('The clock is back in step. Sending money is possible again.');
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocked]);
}

/**
 * The announcements as a part the shell draws after its first paint (lazy-parts.ts): nothing it says
 * can happen before main's first answers, and a state it first sees is taken as the start, not news.
 */
export function ShellAnnouncements(): null {
  useShellAnnouncements();
  return null;
}
