// The reconciliation soak of issue 13: `npm run soak -- --writes 5000 --seed 42`.
// Without --seed a random one is drawn and printed, so any failure replays with it.
import { parseArgs } from 'node:util';
import { runSoakAndTidy } from '../test/system/soak/run-soak';
import { formatSoakTable } from '../test/system/soak/table';

const { values } = parseArgs({
  options: {
    writes: { type: 'string', default: '5000' },
    seed: { type: 'string' },
    'fault-rate': { type: 'string' },
    'kill-rate': { type: 'string' },
  },
});
const positive = (name: string, text: string | undefined, fallback?: number): number => {
  const value = text === undefined ? fallback : Number(text);
  if (value === undefined || !Number.isFinite(value) || value < 0) {
    console.error(`--${name} must be a non-negative number (got ${text})`);
    process.exit(2);
  }
  return value;
};
const writes = positive('writes', values.writes);
const seed = Math.floor(positive('seed', values.seed, Math.floor(Math.random() * 2 ** 31)));
console.log(`soak: seed ${seed} (replay: npm run soak -- --writes ${writes} --seed ${seed})`);
const report = await runSoakAndTidy({
  writes: Math.floor(writes),
  seed,
  ...(values['fault-rate'] ? { faultRate: positive('fault-rate', values['fault-rate']) } : {}),
  ...(values['kill-rate'] ? { killRate: positive('kill-rate', values['kill-rate']) } : {}),
  log: (line) => console.log(line),
});
console.log(formatSoakTable(report));
// exitCode, not exit(): output to a pipe is written asynchronously and exit() would cut the table short.
process.exitCode = report.failed.length === 0 ? 0 : 1;
