import { useEffect, useRef, useState } from 'react';
import type { JournalEntry, WithdrawalCompletion } from '@contract';
import { callMerchant } from '../../lib/ipc';

const settled = (e: JournalEntry) =>
  (e.state === 'accepted' || e.state === 'resolved-performed') &&
  (e.settlement === 'completed' || e.settlement === 'failed');

/**
 * What each settled withdrawal's final webhook reported (fees, total debit, tx hash), read from main
 * once per entry in one request for all the list shows. An entry settles once, so what was read
 * stays true; a newly settled one is asked for when it appears.
 */
export function useCompletions(entries: readonly JournalEntry[]): ReadonlyMap<string, WithdrawalCompletion> {
  const [known, setKnown] = useState<ReadonlyMap<string, WithdrawalCompletion>>(new Map());
  const [asked] = useState(() => new Set<string>());
  const missing = entries
    .filter((e) => settled(e) && !asked.has(e.id))
    .map((e) => e.id)
    .slice(0, 500);
  const key = missing.join(',');
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  useEffect(() => {
    if (!key) return;
    const ids = key.split(',');
    for (const id of ids) asked.add(id);
    void callMerchant((api) => api.withdrawals.completion({ ids })).then((result) => {
      // A failed read is asked again at the next change of the list.
      if (!result.ok) return ids.forEach((id) => asked.delete(id));
      if (mounted.current)
        setKnown((before) => new Map([...before, ...result.data.items.map((c) => [c.entryId, c] as const)]));
    });
  }, [key, asked]);
  return known;
}
