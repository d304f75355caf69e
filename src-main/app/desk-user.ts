import { userInfo } from 'node:os';

/** The recorded name's length limit (a resolution's `person` and the page's PersonName allow 100). */
const MAX_RECORDED = 100;

/**
 * The signed-in OS user as main reads it, never as the page says (issue 26 item 2). An account the
 * OS cannot name (no passwd entry) is recorded as such rather than failing the decision.
 */
export function osUserName(read: () => string = () => userInfo().username): string {
  try {
    const name = read().trim();
    if (name) return name;
  } catch {
    // Falls through to the words below.
  }
  return 'unnamed OS user';
}

/**
 * The name recorded beside a decision: the OS user, with what the person typed only as a note beside
 * it ("jdoe (wrote: Jane Doe)"), cut to fit the limit; the OS user's own name is never cut.
 */
export function recordedName(osUser: string, typed?: string): string {
  const note = typed?.trim();
  if (!note || note.toLowerCase() === osUser.toLowerCase()) return osUser.slice(0, MAX_RECORDED);
  const head = `${osUser} (wrote: `;
  const room = MAX_RECORDED - head.length - 1;
  if (room < 4) return osUser.slice(0, MAX_RECORDED);
  const chars = [...note];
  const fitted = chars.length > room ? `${chars.slice(0, room - 1).join('')}…` : note;
  return `${head}${fitted})`;
}
