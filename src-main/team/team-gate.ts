import { toEntry, type EntryRow } from '../storage/port/entry-row';
import { JournalError, type JournalStore } from '../storage/port';
import type { JournalEntry } from '../storage/port/types';
import type { LocalCopy } from './local-copy';

/** What the gate asks of the live sync: refuse in words unless the server is there and its history checks. */
export interface ServerGate {
  requireServer(): void;
}

const entryOf = (row: Record<string, unknown>): JournalEntry =>
  toEntry({ ...(row as unknown as EntryRow), id: Number(row.id) });

// The writes that claim, send or resolve (claim: the team ledger's own, for intents).
const GATED = new Set<PropertyKey>(['begin', 'resolve', 'attachWithdrawalId', 'claim']);

/**
 * The team ledger's store as the desk uses it: every write that claims, sends or resolves asks the
 * live sync first, and is refused in its words while the server is away or the team's history does
 * not check (as `locked`: this desk may not write now). Settling passes through: an answer the service
 * already gave must still be recorded, and the store holds it until the server is back.
 */
export function gateTeamStore<S extends JournalStore>(store: S, gate: ServerGate): S {
  return new Proxy(store, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (!GATED.has(property)) return method.bind(target);
      return (...args: unknown[]) => {
        try {
          gate.requireServer();
        } catch (error) {
          return Promise.reject(new JournalError('locked', (error as Error).message));
        }
        return method.apply(target, args);
      };
    },
  });
}

/** The local copy's entries as the journal's, for viewing while the server is away, with their "as of".
 * @internal For tests: the app reads its offline copy through team-offline-journal.ts.
 */
export function offlineView(copy: LocalCopy) {
  return {
    asOf: () => copy.asOf(),
    get(id: number): JournalEntry | null {
      const row = copy.entry(id);
      return row && row.state !== 'intent' ? entryOf(row) : null;
    },
    recent(options?: { limit?: number; beforeId?: number }): JournalEntry[] {
      return copy.entries(options).map(entryOf);
    },
  };
}
