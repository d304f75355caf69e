import { describe, expect, it } from 'vitest';
import type { JournalStore } from '@main/storage/port/journal-store';
import { switchableJournal } from '@main/app/modules/team-switch';

/** A store that answers every read with its own name, enough to tell two apart. */
const named = (name: string) =>
  ({
    deskId: `desk-${name}`,
    recovered: [],
    chainProblem: null,
    settledAtOpen: [],
    reconciliation: { facts: {}, sessions: {} },
    get: async (id: number) => ({ id, from: name }),
    begin: async () => (name === 'team' ? 100 : 1),
  }) as unknown as JournalStore;

describe('the journal the modules hold while where money is recorded changes', () => {
  it('sends every call, and every field read, to the store in use at that moment', async () => {
    const own = named('own');
    const team = named('team');
    const journal = switchableJournal(own);
    expect(await journal.get(7)).toEqual({ id: 7, from: 'own' });
    expect(journal.deskId).toBe('desk-own');

    journal.use(team);
    expect(await journal.get(7)).toEqual({ id: 7, from: 'team' });
    expect(await journal.begin('createWithdrawal', {} as never)).toBe(100);
    expect(journal.deskId).toBe('desk-team');
    expect(journal.current()).toBe(team);

    journal.use(own);
    expect(await journal.begin('createWithdrawal', {} as never)).toBe(1);
  });
});
