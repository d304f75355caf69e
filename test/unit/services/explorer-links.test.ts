import { describe, expect, it } from 'vitest';
import { explorerState, explorerUrl } from '@main/services/explorer-links';

const HEX = 'ab'.repeat(32);

describe('explorer links: main builds the URL from its own table', () => {
  it('opens a live transaction on its network’s explorer', () => {
    expect(explorerUrl(true, 'tron', HEX)).toEqual({
      url: `https://tronscan.org/#/transaction/${HEX}`,
      host: 'tronscan.org',
    });
    expect(explorerUrl(true, 'eth', `0x${HEX}`)?.url).toBe(`https://etherscan.io/tx/0x${HEX}`);
    expect(explorerUrl(true, 'BITCOIN', HEX)?.host).toBe('mempool.space');
  });

  it('makes no link for a Sandbox, an unknown network, a hash of the wrong shape, or none', () => {
    expect(explorerState(false, 'tron', HEX)).toBe('sandbox');
    expect(explorerState(true, 'solana', HEX)).toBe('unknown-network');
    expect(explorerState(true, 'eth', HEX)).toBe('unreadable-hash');
    expect(explorerState(true, 'tron', `${HEX}/../../evil`)).toBe('unreadable-hash');
    expect(explorerState(true, 'tron', null)).toBe('no-hash');
    expect(explorerUrl(false, 'tron', HEX)).toBeNull();
    expect(explorerUrl(true, 'solana', HEX)).toBeNull();
    expect(explorerUrl(true, 'tron', `${HEX}#@evil.example`)).toBeNull();
  });
});
