import { execFileSync, spawnSync } from 'node:child_process';

/** Whether Debian's php-cli is on this machine. CI installs it; a bare dev box may not have it. */
export const phpAvailable = spawnSync('php', ['-v'], { stdio: 'ignore' }).status === 0;

/** In CI on Linux (`.ci/run` installs it) a missing php is a broken install, not a reason to skip. */
export const phpSkipReason = phpAvailable
  ? undefined
  : process.env.CI && process.platform === 'linux'
    ? undefined
    : 'php-cli is not installed (apt-get install php-cli); canonical bytes are still checked by fixed vectors';

/** Runs a PHP snippet once per input (read from base64 lines on stdin); returns one output per input. */
export function phpMap(inputs: string[], body: string): string[] {
  const script = `
    while (($line = fgets(STDIN)) !== false) {
      $x = base64_decode(trim($line));
      ${body}
      echo base64_encode($out), "\\n";
    }`;
  const stdin = inputs.map((s) => Buffer.from(s, 'utf8').toString('base64')).join('\n') + '\n';
  const stdout = execFileSync('php', ['-r', script], { input: stdin, maxBuffer: 64 * 1024 * 1024 });
  return stdout
    .toString('utf8')
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => Buffer.from(line, 'base64').toString('utf8'));
}

/** What the service computes from a request body: json_encode(json_decode($body, true)). */
export function phpReencode(bodies: string[]): string[] {
  return phpMap(bodies, '$out = json_encode(json_decode($x, true));');
}
