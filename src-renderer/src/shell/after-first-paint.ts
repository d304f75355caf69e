/**
 * The parts the shell draws once its first frame is painted, loaded together as one chunk
 * (lazy-parts.ts): each draws nothing until main's first answers (or a person) give it something,
 * and one request after the first paint brings them all.
 */
export { AboutDialog } from '../features/about/AboutDialog';
export { TeamIndicator } from '../features/team/TeamIndicator';
export { StatusBanners } from './StatusBanners';
export { UnknownWithdrawalsBanner } from './UnknownWithdrawalsBanner';
export { ShellAnnouncements } from './use-shell-announcements';
