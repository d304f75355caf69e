import { spawnSync } from 'node:child_process';

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

// Only Linux has a Secret Service to start privately; `sh` is not there to ask on Windows either.
const linux = process.platform === 'linux';
const missing = linux ? ['dbus-run-session', 'gnome-keyring-daemon'].filter((c) => !onPath(c)) : [];

/** In CI a missing keyring is a broken install and the test must fail, not skip. */
export const keyringSkipReason = !linux
  ? `the real keychain test needs Linux's Secret Service (gnome-keyring under dbus); skipped on ${process.platform}`
  : missing.length === 0 || process.env.CI
    ? undefined
    : `${missing.join(' and ')} not installed (apt-get install gnome-keyring dbus); real keychain test skipped`;

/**
 * Runs a TypeScript script under a private D-Bus session with a freshly unlocked gnome-keyring, so the
 * test talks to a real Secret Service without touching the developer's own keyring.
 */
export function runWithKeyring(
  script: string,
  env: Record<string, string> = {},
): { stdout: string; stderr: string; status: number | null } {
  const inner = `printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec node --import tsx "$0"`;
  const result = spawnSync('dbus-run-session', ['--', 'sh', '-c', inner, script], {
    encoding: 'utf8',
    timeout: 60_000,
    // Callers pass a throwaway HOME so the keyring files stay out of the real one.
    env: { ...process.env, ...env },
  });
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}
