import { parseCliArgs, USAGE } from './cli-args';
import { DEMO_MERCHANT, startSandbox } from './index';

async function main(): Promise<void> {
  const parsed = parseCliArgs(process.argv.slice(2));
  if ('error' in parsed) {
    process.stderr.write(`${parsed.error}\n\n${USAGE}\n`);
    process.exit(2);
  }
  const sandbox = await startSandbox({
    port: parsed.port,
    seed: parsed.seed,
    dataFile: parsed.data,
    controlToken: parsed.controlToken,
    // The given merchant gets the demo play money so a fresh sandbox is immediately usable.
    merchants: [{ ...DEMO_MERCHANT, id: parsed.merchant, apiKey: parsed.apiKey, name: parsed.merchant }],
  });
  process.stdout.write(`Sandbox listening on ${sandbox.url}\n`);
  const stop = (): void => {
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(`sandbox failed to start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
