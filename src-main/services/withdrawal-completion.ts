import type { WithdrawalCompletion } from '@shared/domain/money-in';
import type { JournalStore } from '../storage/port';
import { explorerState } from './explorer-links';
import { completionFacts } from './money-details';

const FINAL_EVENT = { completed: 'withdrawal.success', failed: 'withdrawal.failed' } as const;

export interface CompletionSources {
  journal: Pick<JournalStore, 'get' | 'events'>;
  profileId: string;
  /** False for a Sandbox profile (see explorerState). */
  onChain: boolean;
}

/**
 * What a settled withdrawal's final webhook reported, read from the entry's hash-chained timeline
 * (where every verified webhook is recorded with its body). The webhook that settled it is the first
 * final one; a later, conflicting one is recorded too but did not change the entry. Null for an entry
 * of another profile, not a withdrawal, or not settled by a webhook.
 */
export async function completionOf(
  src: CompletionSources,
  entryId: string,
): Promise<(WithdrawalCompletion & { network: string }) | null> {
  const entry = await src.journal.get(Number(entryId));
  if (!entry || entry.profileId !== src.profileId || entry.operation !== 'createWithdrawal') return null;
  if (entry.settlement !== 'completed' && entry.settlement !== 'failed') return null;
  const event = FINAL_EVENT[entry.settlement];
  const recorded = (await src.journal.events(entry.id)).find(
    (e) => e.type === 'webhook' && (e.detail as { event?: unknown } | null)?.event === event,
  );
  if (!recorded) return null;
  const facts = completionFacts((recorded.detail as { payload?: unknown }).payload);
  const network = entry.network ?? '';
  return {
    entryId: String(entry.id),
    event,
    ...facts,
    explorer: explorerState(src.onChain, network, facts.txHash),
    network,
  };
}

/** The completions of several entries (those that have one), in the order asked. */
export async function completionsOf(src: CompletionSources, ids: readonly string[]) {
  const items: WithdrawalCompletion[] = [];
  for (const id of new Set(ids)) {
    const found = await completionOf(src, id);
    if (found) {
      const { network: _network, ...item } = found;
      items.push(item);
    }
  }
  return items;
}
