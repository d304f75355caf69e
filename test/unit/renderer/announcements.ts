import { useAnnouncerStore } from '@renderer/components/announcer';

/**
 * Every message the announcer says from now on, in order (its regions are emptied between messages,
 * which is not a message). Lets a test prove silence by order instead of by waiting: say something
 * that must be said, wait for it, and it must be the only thing said.
 */
export function recordAnnouncements(): { said: string[]; stop: () => void } {
  const said: string[] = [];
  const stop = useAnnouncerStore.subscribe((now, before) => {
    for (const key of ['polite', 'assertive'] as const)
      if (now[key] && now[key] !== before[key]) said.push(now[key]);
  });
  return { said, stop };
}
