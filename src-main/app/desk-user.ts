import { userInfo } from 'node:os';

/**
 * The signed-in OS user's name, recorded as who added or removed an address-book entry. The OS
 * vouches for it, unlike a name typed into the page; "unknown user" where the OS will not say.
 */
export function deskUser(): string {
  try {
    return userInfo().username || 'unknown user';
  } catch {
    return 'unknown user';
  }
}
