import { join } from 'node:path';
import type { InvokeChannel } from '@contract';
import { createAppServices } from '@main/app/app-services';
import { TRUSTED_EVENT } from '@test/helpers/app-harness';
import { createFileSecretStore } from '@test/helpers/file-secrets';
import { SOAK_CONFIG_ENV, type ChildConfig, type ChildMessage, type ParentMessage } from './protocol';
import { createUserCheckStandIn } from '@test/helpers/user-check-stand-in';

// The app as the soak runs it: the real services on one data folder, driven through their IPC
// handlers by the parent (which SIGKILLs this process at random and starts it again).
const config = JSON.parse(process.env[SOAK_CONFIG_ENV] ?? 'null') as ChildConfig | null;
if (!config) throw new Error(`app-child.ts needs ${SOAK_CONFIG_ENV}`);

const send = (message: ChildMessage) => process.send?.(message);

// "This computer's clock is off": every Date.now() in this process, the signing clock included.
let clockOffsetMs = 0;
const realNow = Date.now.bind(Date);
Date.now = () => realNow() + clockOffsetMs;

/**
 * The client waits 15 s for an answer; a soak of thousands of writes cannot pay that per latency
 * fault. This network gives up after deadlineMs instead, which the client sees as a connection lost
 * mid-answer: the same outcome class (the request may have reached the service, so unknown).
 */
const deadlineFetch: typeof fetch = (input, init) => {
  const signals = [AbortSignal.timeout(config.deadlineMs), ...(init?.signal ? [init.signal] : [])];
  return fetch(input, { ...init, signal: AbortSignal.any(signals) });
};

let recovered = 0;
const services = await createAppServices({
  dataDir: config.dataDir,
  appVersion: '0.0.0-soak',
  ipcMain: { handle: () => {}, removeHandler: () => {} },
  isTrustedSender: (event) => event.sender?.id === TRUSTED_EVENT.sender.id,
  emit: () => {},
  openExternal: async () => false,
  confirm: async () => 'accepted',
  userCheck: createUserCheckStandIn().userCheck,
  secrets: createFileSecretStore(join(config.dataDir, 'soak-keychain.json')),
  // The built-in Sandbox profile is active on the first start only, until the soak's own is activated.
  sandboxOptions: { realTime: false },
  fetch: deadlineFetch,
  // Rates are not what the soak is about: the poller stays still.
  schedule: () => ({ cancel() {} }),
  log: (line) => {
    const found = /journal: (\d+) interrupted write/.exec(line);
    if (found) recovered = Number(found[1]);
  },
});

const call = async (channel: string, request?: unknown) => {
  const result = (await services.router.dispatch(channel as InvokeChannel, request, TRUSTED_EVENT)) as {
    ok: boolean;
    data?: unknown;
    error?: { message: string };
  };
  if (!result.ok) throw new Error(`${channel}: ${result.error?.message}`);
  return result.data;
};
// The workload's wallets name soak.example as their webhook host: approved once, as a person would.
await call('settings:approve-webhook-host', { host: 'soak.example' });

try {
  // First start: the profile that points at the parent's sandbox, its key, and activation. Later
  // starts find it in the data folder.
  const { profiles } = (await call('profiles:list')) as { profiles: Array<{ id: string; name: string }> };
  let profile = profiles.find((p) => p.name === 'Soak');
  if (!profile) {
    profile = (await call('profiles:create', {
      name: 'Soak',
      environment: 'sandbox',
      baseUrl: config.sandboxUrl,
      merchantId: config.merchantId,
    })) as { id: string; name: string };
    await call('secrets:set', { profileId: profile.id, apiKey: config.apiKey });
  }
  await call('profiles:activate', { id: profile.id });
  await call('webhooks:receiver', { enabled: true, port: config.receiverPort });
  send({ type: 'ready', recovered });
} catch (error) {
  send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}

process.on('message', (message: ParentMessage) => {
  if (message.type === 'exit') {
    void services.dispose().finally(() => process.exit(0));
    return;
  }
  clockOffsetMs = message.clockOffsetMs ?? 0;
  void services.router
    .dispatch(message.channel as InvokeChannel, message.request, TRUSTED_EVENT)
    .then((result) => {
      clockOffsetMs = 0;
      send({ type: 'result', id: message.id, result: result as never });
    });
});
