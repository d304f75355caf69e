import { checkBitcoin } from './bitcoin';
import { checkEvm } from './evm';
import { characterProblem } from './text';
import { checkTon } from './ton';
import { checkTron } from './tron';
import { invalid, type AddressCheck } from './types';

/**
 * Network codes are runtime-owned (merchant-api-v1: "not a closed list"); these are the ones seen in
 * the catalog whose address format is known. A code not listed is 'unchecked': a warning, not a block.
 * Other EVM chains are not guessed from their names: a code like "avax" may not be an EVM chain at all.
 */
type Family = 'bitcoin' | 'evm' | 'tron' | 'ton';

const NETWORKS = new Map<string, { family: Family; label: string }>([
  ['bitcoin', { family: 'bitcoin', label: 'Bitcoin' }],
  ['eth', { family: 'evm', label: 'Ethereum' }],
  ['bsc', { family: 'evm', label: 'BNB Smart Chain' }],
  ['polygon', { family: 'evm', label: 'Polygon' }],
  ['arbitrum', { family: 'evm', label: 'Arbitrum' }],
  ['tron', { family: 'tron', label: 'Tron' }],
  ['ton', { family: 'ton', label: 'TON' }],
]);

/** Each family as the sentence names it, article included. */
const FAMILY_LABEL: Record<Family, string> = {
  bitcoin: 'a Bitcoin',
  evm: 'an EVM (Ethereum-style)',
  tron: 'a Tron',
  ton: 'a TON',
};

function checkFamily(family: Family, address: string, label: string): AddressCheck {
  switch (family) {
    case 'bitcoin':
      return checkBitcoin(address);
    case 'evm':
      return checkEvm(address, label);
    case 'tron':
      return checkTron(address);
    case 'ton':
      return checkTon(address);
  }
}

/**
 * Whether `address` can receive coins on `network`, checked before anything is journaled or sent.
 * Pure and synchronous: main calls it to refuse, the withdrawal form calls it on every keystroke.
 * The network code is matched without regard to case (the catalog spells codes in capitals).
 */
export function checkAddress(network: string, address: string): AddressCheck {
  const problem = characterProblem(address);
  if (problem) return invalid(problem);
  const code = network.trim().toLowerCase();
  const known = NETWORKS.get(code);
  if (!known)
    return {
      status: 'unchecked',
      reason: `The desk does not know the address format of the network "${network}", so it cannot check this address. Compare it with its source, group by group, before sending.`,
    };
  const result = checkFamily(known.family, address, known.label);
  if (result.status !== 'invalid') return result;
  // The most costly mistake is a good address on the wrong network: say so rather than "bad checksum".
  const other = (Object.keys(FAMILY_LABEL) as Family[]).find(
    (family) => family !== known.family && checkFamily(family, address, known.label).status === 'valid',
  );
  if (!other) return result;
  return invalid(
    `This is ${FAMILY_LABEL[other]} address, but the network chosen is ${known.label}. Coins sent on the wrong network are usually lost: check the network with the recipient.`,
  );
}
