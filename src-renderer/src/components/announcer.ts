import { create } from 'zustand';

export type Politeness = 'polite' | 'assertive';

interface AnnouncerState {
  polite: string;
  assertive: string;
}

/**
 * The app's one voice for screen readers. Screens call announce() for changes a person must hear
 * (going offline, back online, a clock-skew block, an environment switch), never for routine ticks.
 */
export const useAnnouncerStore = create<AnnouncerState>()(() => ({ polite: '', assertive: '' }));

let clearTimer: ReturnType<typeof setTimeout> | undefined;

export function announce(message: string, politeness: Politeness = 'polite'): void {
  // Emptied first, so saying the same words twice is still a change a screen reader reads out.
  useAnnouncerStore.setState({ [politeness]: '' });
  queueMicrotask(() => useAnnouncerStore.setState({ [politeness]: message }));
  // Cleared later, so the text is not found again when someone browses to the end of the page.
  if (clearTimer) clearTimeout(clearTimer);
  clearTimer = setTimeout(() => useAnnouncerStore.setState({ polite: '', assertive: '' }), 7_000);
}
