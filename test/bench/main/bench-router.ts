import { pathToFileURL } from 'node:url';
import type { JournalStore } from '@main/storage/port';
import { registerJournal } from '@main/app/modules/journal';
import { createIpcRouter, type IpcRouter, type IpcSenderEvent } from '@main/ipc/router';
import { Redactor } from '@main/security/redactor';
import { appUrlCheck, createSenderCheck } from '@main/security/sender';

const PAGE = pathToFileURL('/opt/merchant-desk/resources/app/out/renderer/index.html');
/** The app's own window, top-level frame, showing the app's page: what the sender check lets through. */
export const APP_SENDER: IpcSenderEvent = {
  sender: { id: 1 },
  senderFrame: { url: PAGE.href, parent: null },
};

/**
 * The real IPC router (zod on the way in and out, the sender check on every call, the redactor over
 * every answer, with an API key registered as in a signed-in app) and the real journal module.
 */
export function benchRouter(
  journal: JournalStore,
  chooseExportPath: (name: string) => Promise<string | null>,
) {
  const redactor = new Redactor();
  redactor.register('sk_live_bench_0123456789abcdef');
  const router: IpcRouter = createIpcRouter({
    ipcMain: { handle: () => {}, removeHandler: () => {} },
    isTrustedSender: createSenderCheck({ trustedUrl: appUrlCheck(PAGE), webContentsIds: () => new Set([1]) }),
    redactor,
  });
  registerJournal(router, {
    journal,
    // The bench's journal is the live profile's (as in journal-write.ts).
    activeProfileId: () => 'p-live',
    entryChanged: async () => {},
    replayParked: async () => 0,
    parkedWebhooks: async () => [],
    chooseExportPath,
    deskUser: () => 'bench',
  });
  const call = async (channel: string, payload: unknown) => {
    const answer = await router.dispatch(channel, payload, APP_SENDER);
    if (!answer.ok) throw new Error(`${channel}: ${answer.error.kind}: ${answer.error.message}`);
    return answer.data;
  };
  return { router, redactor, call };
}
