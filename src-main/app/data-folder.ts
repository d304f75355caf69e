/** The variable that points a development or test run of the app at a data folder of its own. */
export const DATA_FOLDER_VARIABLE = 'MERCHANT_DESK_USER_DATA';

export interface DataFolderChoice {
  /** The folder to use instead of the OS user-data folder; null: the OS user-data folder. */
  override: string | null;
  /** Why a folder named in the environment was not used, for the log; null when none was named. */
  ignored: string | null;
}

/**
 * Where the data folder is. The journal, the profiles and the held answers live there, so an
 * installed app takes it from the operating system only: anyone who can set an environment variable
 * for the desk (a shortcut, a login script) could otherwise start it on a journal and profiles of
 * their own choosing (issue 26 item 6). Development and test builds (not packaged) may name another
 * one, which the tests and the end-to-end runs do. Chromium's --user-data-dir is refused in a packaged
 * build by the switch allow-list (security/debug-guard.ts).
 */
export function chooseDataFolder(
  isPackaged: boolean,
  env: Readonly<Record<string, string | undefined>>,
): DataFolderChoice {
  const named = env[DATA_FOLDER_VARIABLE];
  if (!named) return { override: null, ignored: null };
  if (!isPackaged) return { override: named, ignored: null };
  return {
    override: null,
    ignored: `${DATA_FOLDER_VARIABLE} is set, but an installed Merchant Desk keeps its data only in the system's user-data folder; the variable was ignored`,
  };
}
