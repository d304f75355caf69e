import QRCode from 'qrcode';
import { createWallet, recentCreations, WALLET_LIMIT, walletView } from '../domain/wallets';
import { controllerError, malformedJson, ok, validationError, type Reply } from '../http-util';
import { findPair } from '../market-data';
import type { WalletType } from '../types';
import { Fields } from '../validation';
import { bodyValue, merchantOf, type Route, type RouteRequest } from './types';

function createWalletAddress(req: RouteRequest): Reply {
  if (req.body.kind === 'malformed') return malformedJson();
  const merchant = merchantOf(req);
  const f = new Fields(bodyValue(req));
  const coin = f.code('coin', { required: true });
  const network = f.code('network', { required: true });
  const webhookUrl = f.url('webhook_url');
  const label = f.string('label', { max: 64 });
  const typeValue = f.string('type') ?? 'static';
  if (typeValue !== 'static' && typeValue !== 'merchant')
    f.fail('type', 'The type must be "static" or "merchant".');
  const pair = coin && network ? findPair(coin, network) : undefined;
  if (coin && network && (!pair || !pair.net.depositEnabled))
    f.fail('network', `Deposits are not available for ${coin} on ${network}.`);
  if (!f.ok || !coin || !network) return validationError(f.errors);
  const type = typeValue as WalletType;

  if (type === 'merchant') {
    const existing = Object.values(req.ctx.state.wallets).find(
      (w) =>
        w.merchantId === merchant.id && w.type === 'merchant' && w.coin === coin && w.network === network,
    );
    if (existing?.status === 'creating')
      return controllerError(409, 'Wallet creation is already in progress.');
    // One merchant wallet per pair: asking again returns it (not a new creation, not counted).
    if (existing) return ok(walletView(req.ctx, existing));
  }
  if (recentCreations(req.ctx, merchant.id) >= WALLET_LIMIT) {
    return controllerError(429, 'Too many wallet creation requests. Please try again later.');
  }
  const wallet = createWallet(req.ctx, merchant.id, { coin, network, type, label, webhookUrl });
  return ok(walletView(req.ctx, wallet));
}

async function getWalletQrCode(req: RouteRequest): Promise<Reply> {
  const wallet = req.ctx.state.wallets[req.params[0] ?? ''];
  if (!wallet) return controllerError(404, 'Wallet not found');
  const png = await QRCode.toBuffer(wallet.address, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 4,
    width: 256,
  });
  return {
    status: 200,
    headers: { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=86400' },
    body: null,
    raw: png,
  };
}

export const walletRoutes: Route[] = [
  {
    name: 'createWalletAddress',
    method: 'POST',
    pattern: /^\/v1\/wallet-address$/,
    auth: { timestampRequired: false },
    handle: createWalletAddress,
  },
  {
    name: 'getWalletQrCode',
    method: 'GET',
    pattern: /^\/v1\/wallet-addresses\/([^/]+)\/qr$/,
    auth: null,
    handle: getWalletQrCode,
  },
];
