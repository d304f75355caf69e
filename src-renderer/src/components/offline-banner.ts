import { createContext, useContext } from 'react';

/**
 * Whether the shell's offline banner is on screen, naming the offline cause. The shell provides it
 * (shell/StatusIndicators.tsx, OfflineBannerScope); components stay pure UI and never read the session
 * store. Outside the shell (a component on its own) no banner is shown, so a notice names its cause.
 */
export const OfflineBannerShown = createContext(false);

export const useOfflineBannerShown = () => useContext(OfflineBannerShown);
