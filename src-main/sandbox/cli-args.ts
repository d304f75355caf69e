/** Parsing for `npm run sandbox -- ...`; kept apart from cli.ts so it can be tested without a process. */
export interface CliOptions {
  port: number;
  merchant: string;
  apiKey: string;
  seed: number | undefined;
  data: string | undefined;
  controlToken: string | undefined;
}

export const USAGE = `usage: npm run sandbox -- --port <port> --merchant <id> --api-key <key> [--seed <n>] [--data <file>] [--control-token <token>]

  --port           TCP port on 127.0.0.1 (0 picks a free one)
  --merchant       merchant id the sandbox accepts (Merchant header)
  --api-key        that merchant's API key (signs requests and webhooks)
  --seed           seed for ids, addresses and the price walk (default 1)
  --data           JSON file that keeps the state across restarts
  --control-token  require X-Sandbox-Token on the /__sandbox control API`;

export function parseCliArgs(argv: string[]): CliOptions | { error: string } {
  const values: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i] ?? '';
    if (flag === '--') continue;
    if (!/^--[a-z-]+$/.test(flag)) return { error: `unexpected argument ${flag}` };
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) return { error: `${flag} needs a value` };
    values[flag.slice(2)] = value;
    i++;
  }
  const known = new Set(['port', 'merchant', 'api-key', 'seed', 'data', 'control-token']);
  const unknown = Object.keys(values).find((k) => !known.has(k));
  if (unknown) return { error: `unknown option --${unknown}` };
  const { port, merchant } = values;
  const apiKey = values['api-key'];
  if (port === undefined || !/^\d{1,5}$/.test(port) || Number(port) > 65535)
    return { error: '--port must be 0..65535' };
  if (!merchant) return { error: '--merchant is required' };
  if (!apiKey) return { error: '--api-key is required' };
  if (values.seed !== undefined && !/^\d{1,9}$/.test(values.seed))
    return { error: '--seed must be a non-negative integer' };
  return {
    port: Number(port),
    merchant,
    apiKey,
    seed: values.seed === undefined ? undefined : Number(values.seed),
    data: values.data,
    controlToken: values['control-token'],
  };
}
