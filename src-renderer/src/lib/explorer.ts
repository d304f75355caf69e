import type { ExplorerRequest } from '@contract';
import { callMerchant } from './ipc';

/** What came of asking main to open the explorer: where it opened, or why not, in words. */
export type ExplorerAnswer =
  { opened: boolean; host: string | null; reason: string | null } | { error: string };

/** Asks main to open a transaction it knows; main builds the URL, the page only names the entry. */
export async function openExplorer(request: ExplorerRequest): Promise<ExplorerAnswer> {
  const result = await callMerchant((api) => api.explorer.open(request));
  return result.ok ? result.data : { error: result.error.message };
}
