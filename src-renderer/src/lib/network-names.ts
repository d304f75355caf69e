import type { AssetPair } from '@contract';

/**
 * Network code → catalog display name ("tron" → "TRON (TRC-20)"), from the pairs the rates snapshot
 * and the public catalog carry. The first name seen for a code wins; codes without one are left out,
 * so the caller can fall back to the code itself rather than invent a name.
 */
export function networkNameMap(
  pairs: Iterable<Pick<AssetPair, 'network' | 'networkName'>>,
): Map<string, string> {
  const names = new Map<string, string>();
  for (const pair of pairs) {
    const code = pair.network.toLowerCase();
    if (pair.networkName && !names.has(code)) names.set(code, pair.networkName);
  }
  return names;
}

/** The display name for a code, or the code as written when the catalog has none. */
export function networkLabel(names: ReadonlyMap<string, string>, code: string): string {
  return names.get(code.toLowerCase()) ?? code;
}
