import { useEffect, useState } from 'react';
import type { TeamEntryWho } from '@contract';
import { callMerchant } from './ipc';

/** An entry by its journal id, or an invoice's entry by the invoice's code. */
export type WhoQuery = { id: string } | { invoiceCode: string };

export interface EntryWhoState {
  who: TeamEntryWho | null;
  failed: string | null;
}

/**
 * Asks main who did each step of an entry (the team's server's record), while `enabled` (a desk on a
 * team); again when `version` changes (the entry moved: settled, resolved). A late answer for an
 * earlier query is dropped.
 */
export function useEntryWho(query: WhoQuery, enabled: boolean, version = ''): EntryWhoState {
  const id = 'id' in query ? query.id : null;
  const code = 'invoiceCode' in query ? query.invoiceCode : null;
  const [state, setState] = useState<EntryWhoState>({ who: null, failed: null });
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    setState({ who: null, failed: null });
    const asked =
      id !== null
        ? callMerchant((api) => api.team.entryWho({ id }))
        : callMerchant((api) => api.team.invoiceWho({ code: code ?? '' }));
    void asked.then((result) => {
      if (!current) return;
      setState(result.ok ? { who: result.data, failed: null } : { who: null, failed: result.error.message });
    });
    return () => {
      current = false;
    };
  }, [id, code, enabled, version]);
  return state;
}
