import type { JournalStore } from '../../storage/port';
import { AppError } from '@shared/errors';
import { writeFileAtomic } from '../../services/atomic-file';
import { qrCardFileName, qrCardPng, type QrCardInput } from '../../services/qr-card/qr-card';
import { toEntryView } from '../journal-view';
import type { JournaledWriter, WriteScope } from '../journaled-write';
import type { Disposer } from '../lifecycle';
import type { ProfileScope } from '../profile-scope';
import { handleAll, type ChannelRegistry } from './channels';
import { checkWebhookHost } from './webhook-hosts';
import type { WalletLabels } from './wallet-labels';

export interface WalletsModuleDeps {
  scope: () => WriteScope & Pick<ProfileScope, 'read' | 'rates'>;
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
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  /** The wallet as this profile's journal knows it: its pair, and the address the service gave. */
  const qrCardOf = async (walletId: string): Promise<QrCardInput> => {
    const scope = deps.scope();
    const { profile } = scope.session;
    const entry = (
      await deps.journal.list({ profileId: profile.id, operation: 'createWalletAddress', limit: LIST_LIMIT })
    )
      .map(toEntryView)
      .find((e) => e.externalIds.walletId === walletId);
    const address = text((entry?.response as Record<string, unknown> | null | undefined)?.address);
    if (!entry || !address)
      throw new AppError(
        'not-found',
        `This profile has no address on record for wallet ${walletId}, so no QR image was saved. Copy the address from the wallet instead.`,
      );
    const coin = text(entry.fields.coin);
    const network = text(entry.fields.network);
    const pair = scope.rates
      .snapshot()
      .rows.flatMap((row) => row.pairs)
      .find((p) => p.coin === coin && p.network === network);
    return {
      address,
      environment: profile.environment,
      coin,
      network,
      networkName: pair?.networkName ?? null,
    };
  };
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
    // Drawn before the dialog opens, so a wallet without an address never leaves a person choosing a
    // path for nothing. The image carries the frame and the words the screen shows (issue 25, item 2).
    'wallets:save-qr': async ({ walletId }) => {
      const card = await qrCardOf(walletId);
      const png = qrCardPng(card);
      const path = await deps.chooseQrPath(qrCardFileName(card));
      if (path) writeFileAtomic(path, png, 0o644);
      return { path };
    },
  });
}
