import { ComingSoon } from '../../components/ComingSoon';

/** Placeholder until the wallets issue lands; it says so instead of showing an empty page. */
export function WalletsScreen() {
  return <ComingSoon title="Wallets" summary="Create static wallets for deposits and show their QR codes." />;
}
