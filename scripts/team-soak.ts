// The team soak of issue 27: `npm run team:soak -- --seconds 600 --desks 4 --seed 42`.
// Without --seed a random one is drawn and printed, so any failure replays with the same faults.
import { parseArgs } from 'node:util';
import { pgUnavailable, startPgCluster } from '../test/helpers/pg-cluster';
import { formatTeamSoak, runTeamSoak } from '../test/system/team/team-soak-run';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '120' },
    desks: { type: 'string', default: '3' },
    seed: { type: 'string' },
  },
});
const whole = (name: string, text: string | undefined, min: number): number => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < min) {
    console.error(`--${name} must be a whole number of at least ${min} (got ${text})`);
    process.exit(2);
  }
  return value;
};
const seconds = whole('seconds', values.seconds, 1);
const desks = whole('desks', values.desks, 2);
const seed = values.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : whole('seed', values.seed, 0);
const why = pgUnavailable();
if (why) {
  console.error(`team soak: PostgreSQL cannot run here: ${why}`);
  process.exit(2);
}
console.log(
  `team soak: seed ${seed} (replay: npm run team:soak -- --seconds ${seconds} --desks ${desks} --seed ${seed})`,
);
const cluster = startPgCluster();
try {
  const report = await runTeamSoak(cluster, {
    seed,
    durationMs: seconds * 1000,
    desks,
    log: (line) => console.log(line),
  });
  console.log(formatTeamSoak(report));
  // exitCode, not exit(): output to a pipe is written asynchronously and exit() would cut it short.
  process.exitCode = report.failed.length === 0 ? 0 : 1;
} finally {
  cluster.destroy();
}
