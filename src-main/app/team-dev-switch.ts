/** The switch `npm run team:dev` sets so a desk may join its demo team over a local socket. */
export const TEAM_DEV_VARIABLE = 'MERCHANT_DESK_TEAM_DEV';

/**
 * Whether the team:dev switch is on. Never in a packaged build: a variable set on a person's computer
 * (by anyone who can start the app for them) must not open the team connection to sockets.
 * `isPackaged` is Electron's `app.isPackaged`, passed in by the composition root (src-main/index.ts).
 */
export function teamDevSwitch(
  env: Readonly<Record<string, string | undefined>>,
  isPackaged: boolean,
  log: (line: string) => void = () => {},
): boolean {
  if (env[TEAM_DEV_VARIABLE] !== '1') return false;
  if (isPackaged) {
    log(`${TEAM_DEV_VARIABLE} is set and ignored: a packaged build never joins a team over a local socket.`);
    return false;
  }
  return true;
}
