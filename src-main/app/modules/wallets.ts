import type { JournalStore } from '../../storage/port';
import { writeFileAtomic } from '../../services/atomic-file';
import { toEntryView } from '../journal-view';
import type { JournaledWriter, WriteScope } from '../journaled-write';
import type { Disposer } from '../lifecycle';
import type { ProfileScope } from '../profile-scope';
import { handleAll, type ChannelRegistry } from './channels';
import { checkWebhookHost } from './webhook-hosts';
import type { WalletLabels } from './wallet-labels';

export interface WalletsModuleDeps {
  scope: () => WriteScope & Pick<ProfileScope, 'read'>;
  write: JournaledWriter;
  journal: Pick<JournalStore, 'list'>;
  labels: WalletLabels;
  /** Asks where to save a QR code (a save dialog in the app); null when the person cancels. */
  chooseQrPath: (suggestedName: string) => Promise<string | null>;
  /** Hosts the person approved in Settings for webhook_url (main's data, never the page's). */
  approvedWebhookHosts: () => string[];
}

/** The spec returns no wallet id on creation, only the QR URL that contains it. */
const walletIdFrom = (qrUrl: unknown): string | undefined => {
  if (typeof qrUrl !== 'string') return undefined;
  return /\/wallet-addresses\/([^/]+)\/qr/.exec(qrUrl)?.[1];
};

/** How many of the newest wallet entries the list reads; the journal keeps them all. */
const LIST_LIMIT = 1000;

export function registerWallets(router: ChannelRegistry, deps: WalletsModuleDeps): Disposer {
  const qrPng = async (walletId: string) => deps.scope().read((s) => s.client.getWalletQrCode(walletId));
  return handleAll(router, {
    // The label is not a documented request field: it stays in the desk's own records, never sent.
    'wallets:create': async ({ webhook_url, label, ...pair }) => {
      const scope = deps.scope();
      if (webhook_url)
        checkWebhookHost(webhook_url, deps.approvedWebhookHosts(), scope.session.profile.baseUrl);
      const result = await deps.write(scope, {
        request: {
          operation: 'createWalletAddress',
          body: { ...pair, ...(webhook_url ? { webhook_url } : {}) },
        },
        externalIds: (data) => {
          const walletId = walletIdFrom(data.qr_code_url);
          return walletId ? { walletId } : {};
        },
      });
      // Kept whatever the outcome: an unknown wallet may exist, and a rejected one is still a record.
      if (label) await deps.labels.set(result.journalId, label);
      return result;
    },
    'wallets:list': async () => {
      const profileId = deps.scope().session.profile.id;
      // Filtered by the query, not after it: another profile's wallets never take a place in the cap.
      const entries = (
        await deps.journal.list({ profileId, operation: 'createWalletAddress', limit: LIST_LIMIT })
      ).map(toEntryView);
      const wallets = await Promise.all(
        entries.map(async (entry) => ({ entry, label: await deps.labels.get(entry.id) })),
      );
      return { wallets };
    },
    'wallets:qr': async ({ walletId }) => {
      const image = await qrPng(walletId);
      return { contentType: image.contentType, base64: Buffer.from(image.bytes).toString('base64') };
    },
    // Fetched before the dialog opens, so a failed fetch never leaves a person choosing a path for nothing.
    'wallets:save-qr': async ({ walletId }) => {
      const image = await qrPng(walletId);
      const path = await deps.chooseQrPath(`wallet-${walletId}-qr.png`);
      if (path) writeFileAtomic(path, image.bytes, 0o644);
      return { path };
    },
  });
}
