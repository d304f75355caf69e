import type { JournaledWriter, WriteScope } from '../journaled-write';
import type { Disposer } from '../lifecycle';
import type { ProfileScope } from '../profile-scope';
import { handleAll, type ChannelRegistry } from './channels';

export interface WalletsModuleDeps {
  scope: () => WriteScope & Pick<ProfileScope, 'read'>;
  write: JournaledWriter;
}

/** The spec returns no wallet id on creation, only the QR URL that contains it. */
const walletIdFrom = (qrUrl: unknown): string | undefined => {
  if (typeof qrUrl !== 'string') return undefined;
  return /\/wallet-addresses\/([^/]+)\/qr/.exec(qrUrl)?.[1];
};

export function registerWallets(router: ChannelRegistry, deps: WalletsModuleDeps): Disposer {
  return handleAll(router, {
    'wallets:create': ({ webhook_url, ...input }) =>
      deps.write(deps.scope(), {
        operation: 'createWalletAddress',
        send: (s, options) =>
          s.client.createWalletAddress({ ...input, ...(webhook_url ? { webhook_url } : {}) }, options),
        externalIds: (data) => {
          const walletId = walletIdFrom(data.qr_code_url);
          return walletId ? { walletId } : {};
        },
      }),
    'wallets:qr': async ({ walletId }) => {
      const image = await deps.scope().read((s) => s.client.getWalletQrCode(walletId));
      return { contentType: image.contentType, base64: Buffer.from(image.bytes).toString('base64') };
    },
  });
}
