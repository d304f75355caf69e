import { named } from '../lib/lazy-named';

/**
 * Parts of the shell that draw nothing on the first frame, loaded as chunks of their own: they stay
 * out of the first chunk (the renderer's initial JS, which test/system/build/initial-js.test.ts
 * holds to the bench's target beside a bare React page). Each is drawn inside a Suspense boundary
 * whose fallback is what it showed before it had anything to show: nothing.
 */

// Drawn by the shell once the first frame is painted (after-first-paint.ts), in one chunk.
const afterFirstPaint = () => import('./after-first-paint');

/** Closed until Help → About or the navigation's link opens it; it listens for the Help menu. */
export const AboutDialog = named(afterFirstPaint, 'AboutDialog');

/** Nothing for a desk on no team; it reads the team's status. */
export const TeamIndicator = named(afterFirstPaint, 'TeamIndicator');

/** The clock, offline and read-only banners: nothing until main's status is read. */
export const StatusBanners = named(afterFirstPaint, 'StatusBanners');

/** Empty until its entries have loaded. */
export const UnknownWithdrawalsBanner = named(afterFirstPaint, 'UnknownWithdrawalsBanner');

/** What the shell says out loud (a switch, offline, a clock block): all of it follows main's answers. */
export const ShellAnnouncements = named(afterFirstPaint, 'ShellAnnouncements');

// Drawn only when something happens, each loaded then.

/** Shown only while main has the desk locked; until it arrives, nothing of the desk is shown either. */
export const LockScreen = named(() => import('./LockScreen'), 'LockScreen');

/** The toast stack: nothing until main pushes the first toast (shell/Toasts.tsx listens). */
export const ToastStack = named(() => import('./ToastStack'), 'ToastStack');

/** A degraded connection's cause, with the plain error words: only after main has polled the service. */
export const ConnectionCause = named(() => import('./ConnectionCause'), 'ConnectionCause');

/** The Approvals item's count: the item is listed only on a team. */
export const ApprovalsWaitingCount = named(() => import('./ApprovalsWaitingCount'), 'ApprovalsWaitingCount');
