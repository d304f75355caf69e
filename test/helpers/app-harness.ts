import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InvokeChannel, IpcResult, RequestOf, ResponseOf } from '@contract';
import { createAppServices, type AppServices, type AppServicesOptions } from '@main/app/app-services';
import { createMemoryStore } from '@main/secrets';
import { createConfirmStandIn } from './confirm-stand-in';
import { createUserCheckStandIn } from './user-check-stand-in';

export const TRUSTED_EVENT = {
  sender: { id: 1 },
  senderFrame: { url: 'file:///app/index.html', parent: null },
};

/** What a test may change about the real services: the save dialog, the network, the poll timer, the data folder, team mode's keychain. */
export type HarnessOptions = Partial<
  Pick<
    AppServicesOptions,
    | 'chooseExportPath'
    | 'journalOnMainThread'
    | 'chooseQrPath'
    | 'chooseDiagnosticsPath'
    | 'secrets'
    | 'fetch'
    | 'schedule'
    | 'openExternal'
    | 'idleSeconds'
    | 'teamSecrets'
    | 'teamDev'
    | 'dataDir'
    | 'updates'
    | 'chooseCaFile'
    | 'osUser'
  >
>;

/** The real main-process services on a temp folder, with the embedded sandbox on a frozen clock. */
export async function startAppHarness(options: HarnessOptions = {}) {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'md-app-'));
  const events: Array<{ channel: string; payload: unknown }> = [];
  const logs: string[] = [];
  const confirmations = createConfirmStandIn();
  const userChecks = createUserCheckStandIn();
  const services: AppServices = await createAppServices({
    dataDir,
    appVersion: '0.0.0-test',
    ipcMain: { handle: () => {}, removeHandler: () => {} },
    isTrustedSender: (event) => event.sender?.id === 1,
    emit: (channel, payload) => events.push({ channel, payload }),
    openExternal: async () => false,
    confirm: confirmations.confirm,
    userCheck: userChecks.userCheck,
    passphraseSecrets: createMemoryStore(),
    secrets: createMemoryStore(),
    sandboxOptions: { seed: 7, realTime: false },
    // Tests point other profiles at the embedded sandbox as their service: keep it running for them.
    keepSandboxRunning: true,
    log: (line) => logs.push(line),
    ...options,
  });
  const responses: unknown[] = [];
  async function call<C extends InvokeChannel>(
    channel: C,
    request?: RequestOf<C>,
  ): Promise<IpcResult<ResponseOf<C>>> {
    const result = (await services.router.dispatch(channel, request, TRUSTED_EVENT)) as IpcResult<
      ResponseOf<C>
    >;
    responses.push(result);
    return result;
  }
  async function ok<C extends InvokeChannel>(channel: C, request?: RequestOf<C>): Promise<ResponseOf<C>> {
    const result = await call(channel, request);
    if (!result.ok) throw new Error(`${channel} failed: ${result.error.kind}: ${result.error.message}`);
    return result.data;
  }
  return {
    services,
    sandbox: services.sandbox!,
    dataDir,
    /** Main's confirmation window: accepts until a test says decline, and records what it showed. */
    confirmations,
    /** The OS user check after main's window: Touch ID that passes until a test says otherwise. */
    userChecks,
    events,
    logs,
    responses,
    call,
    ok,
    dispose: () => services.dispose(),
  };
}
export type AppHarness = Awaited<ReturnType<typeof startAppHarness>>;
