/**
 * `npm run e2e:host -- --port <port>`: builds what the host needs, starts it, prints the URL (token
 * included) and serves until stopped.
 */
import { execSync } from 'node:child_process';
import { startHost } from './server';

const args = process.argv.slice(2);
const portIndex = args.indexOf('--port');
const port = portIndex === -1 ? 0 : Number(args[portIndex + 1]);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error('usage: npm run e2e:host -- [--port <port>] [--no-build] [--team]');
  process.exit(2);
}
if (!args.includes('--no-build')) {
  // The same build the e2e suite runs (package.json build:e2e): the app, then the host's bridge.
  execSync('npm run build:e2e', { stdio: 'inherit' });
}
// --team: a desk that may join `npm run team:dev`'s demo team (on a local socket).
const host = await startHost({ port, team: args.includes('--team'), log: (line) => console.error(line) });
console.log(`Merchant Desk test host: ${host.url}`);
const stop = () => void host.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
