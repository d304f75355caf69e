import type { ExplorerState } from '@shared/domain/money-in';

interface Explorer {
  host: string;
  /** The page of one transaction on this host. */
  path: (hash: string) => string;
  /** What a transaction hash of this network looks like; anything else is never put in a link. */
  hash: RegExp;
}

const HEX64 = /^[0-9a-fA-F]{64}$/;
const EVM = /^0x[0-9a-fA-F]{64}$/;
const evm = (host: string): Explorer => ({ host, path: (h) => `/tx/${h}`, hash: EVM });

/**
 * The one table of block explorers, by the service's lowercase network code. Fixed in main: the page
 * asks to open "the explorer for entry X" and never names a URL, so it cannot send the browser
 * anywhere this table does not. A network not listed gets no link (its hash is shown to copy).
 */
const EXPLORERS: Readonly<Record<string, Explorer>> = {
  bitcoin: { host: 'mempool.space', path: (h) => `/tx/${h}`, hash: HEX64 },
  eth: evm('etherscan.io'),
  bsc: evm('bscscan.com'),
  polygon: evm('polygonscan.com'),
  arbitrum: evm('arbiscan.io'),
  tron: { host: 'tronscan.org', path: (h) => `/#/transaction/${h}`, hash: HEX64 },
  ton: {
    host: 'tonviewer.com',
    path: (h) => `/transaction/${h}`,
    hash: /^([0-9a-fA-F]{64}|[A-Za-z0-9_-]{43}=?)$/,
  },
};

/**
 * Whether a transaction can be opened, and if not why (see ExplorerState). `onChain` is false for a
 * Sandbox: the built-in one, or any profile labelled Sandbox (a test service's hashes are on no chain
 * this table knows).
 */
export function explorerState(
  onChain: boolean,
  network: string,
  hash: string | null | undefined,
): ExplorerState {
  if (!hash) return 'no-hash';
  if (!onChain) return 'sandbox';
  const explorer = EXPLORERS[network.toLowerCase()];
  if (!explorer) return 'unknown-network';
  return explorer.hash.test(hash) ? 'link' : 'unreadable-hash';
}

/** The explorer page of a live transaction, or null when explorerState is not 'link'. */
export function explorerUrl(
  onChain: boolean,
  network: string,
  hash: string | null | undefined,
): { url: string; host: string } | null {
  if (explorerState(onChain, network, hash) !== 'link') return null;
  const explorer = EXPLORERS[network.toLowerCase()]!;
  return { url: `https://${explorer.host}${explorer.path(hash!)}`, host: explorer.host };
}

/** Why a transaction is not opened, in words for the person who asked. */
export const NOT_OPENED: Record<Exclude<ExplorerState, 'link'>, string> = {
  sandbox: 'A Sandbox transaction is on no chain: there is nothing to open. Copy the hash instead.',
  'unknown-network': 'The desk knows no block explorer for this network. Copy the hash instead.',
  'unreadable-hash':
    'The hash does not look like a transaction of this network, so no link is made. Copy it instead.',
  'no-hash': 'The webhook named no transaction hash.',
};
