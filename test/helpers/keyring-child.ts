import { createKeytarStore } from '@main/secrets/keytar-store';

// Runs inside dbus-run-session with an unlocked gnome-keyring (see keyring.ts); prints one JSON line.
const service = process.env.MD_TEST_SERVICE ?? 'Merchant Desk test';
const store = createKeytarStore({ service, timeoutMs: 10_000 });
const out: Record<string, unknown> = {};

if (process.env.MD_MODE === 'unavailable') {
  // Run without any Secret Service: the store must say so, and say how to fix it.
  const error = await store.set('alpha', 'key-alpha-1').then(
    () => null,
    (e: unknown) => e,
  );
  process.stdout.write(JSON.stringify({ error }) + '\n');
  process.exit(0);
}

out.hasBefore = await store.has('alpha');
out.getBefore = await store.get('alpha');
await store.set('alpha', 'key-alpha-1');
await store.set('beta', 'key-beta-1');
out.getAlpha = await store.get('alpha');
out.getBeta = await store.get('beta');
out.hasAlpha = await store.has('alpha');
await store.set('alpha', 'key-alpha-2');
out.getAlphaReplaced = await store.get('alpha');
out.getBetaAfterReplace = await store.get('beta');
out.deleteAlpha = await store.delete('alpha');
out.deleteAlphaAgain = await store.delete('alpha');
out.hasAlphaAfterDelete = await store.has('alpha');
out.getBetaAfterDelete = await store.get('beta');
// A second store with another service name is a separate namespace.
out.otherServiceBeta = await createKeytarStore({ service: `${service} other` }).get('beta');
await store.delete('beta');
process.stdout.write(JSON.stringify(out) + '\n');
