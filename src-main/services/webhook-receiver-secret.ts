import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-file';
import { newReceiverSecret } from './webhook-receiver';

export const RECEIVER_SECRET_FILE = 'webhook-receiver.secret';
const SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The receiver's secret path segment, kept in the data folder so its address (set up once in the
 * merchant's tunnel and at the service) survives restarts. It only keeps strangers and web pages off
 * the receiver; whoever can read the data folder is already past that line. A missing or malformed
 * file gets a new secret.
 */
export function loadReceiverSecret(dataDir: string): string {
  const file = join(dataDir, RECEIVER_SECRET_FILE);
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (SHAPE.test(stored)) return stored;
  } catch {
    // No file yet (or unreadable): a new secret below.
  }
  const secret = newReceiverSecret();
  writeFileAtomic(file, secret);
  return secret;
}
