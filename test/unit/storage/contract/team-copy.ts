import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CopiedRow, OpenTeamCopyStore, TeamCopyStore } from '@main/storage/port/team-copy';

const copied = (id: number, changeSeq: number, state = 'sending'): CopiedRow => ({
  id,
  changeSeq,
  state,
  row: { id, change_seq: changeSeq, state, amount: `${id}.00`, nested: { memo: 'é ✓', list: [1, null] } },
});
const ids = (rows: readonly Record<string, unknown>[]) => rows.map((r) => r.id);

/**
 * What every store under the team's offline copy must do, checked through the port alone (the SQLite
 * room's today; the same cases for any other).
 */
export function describeTeamCopyStoreContract(name: string, open: OpenTeamCopyStore): void {
  describe(`TeamCopyStore contract: ${name}`, () => {
    let dir: string;
    const opened: TeamCopyStore[] = [];
    const openFile = () => {
      const store = open(join(dir, 'nested', 'copy.db'));
      opened.push(store);
      return store;
    };
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'md-team-copy-'));
    });
    afterEach(() => {
      for (const store of opened.splice(0)) store.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('writes a row only over an older version of itself, and says which it wrote', () => {
      const store = openFile();
      expect(store.put([copied(1, 5), copied(2, 6)], {})).toEqual([copied(1, 5), copied(2, 6)]);
      expect(store.put([copied(1, 5, 'accepted'), copied(2, 4, 'accepted')], {})).toEqual([]);
      expect(store.put([copied(2, 7, 'accepted'), copied(3, 1)], {})).toEqual([
        copied(2, 7, 'accepted'),
        copied(3, 1),
      ]);
      expect(store.row(1)).toEqual(copied(1, 5).row);
      expect(store.row(2)).toEqual(copied(2, 7, 'accepted').row);
      expect(store.row(9)).toBeNull();
      expect(store.lastChangeSeq()).toBe(7);
    });

    it('sets named values, the last one given winning', () => {
      const store = openFile();
      expect([store.value('as_of'), store.lastChangeSeq()]).toEqual([null, 0]);
      store.put([], { as_of: 'first', seq: '1' });
      store.put([], { as_of: 'second' });
      expect([store.value('as_of'), store.value('seq'), store.value('other')]).toEqual(['second', '1', null]);
    });

    it('lists by id, highest first, below an id, leaving out one state', () => {
      const store = openFile();
      store.put([copied(1, 1), copied(2, 2, 'intent'), copied(3, 3), copied(4, 4)], {});
      expect(ids(store.list({ limit: 10, except: 'intent' }))).toEqual([4, 3, 1]);
      expect(ids(store.list({ limit: 2, except: 'intent' }))).toEqual([4, 3]);
      expect(ids(store.list({ limit: 10, beforeId: 4, except: 'intent' }))).toEqual([3, 1]);
      expect(ids(store.list({ limit: 10, except: 'sending' }))).toEqual([2]);
      // `except` hides a row from the list only: it is still there by its id.
      expect(store.row(2)).toEqual(copied(2, 2, 'intent').row);
    });

    it('keeps nothing of a put that fails part way', () => {
      const store = openFile();
      store.put([copied(1, 1)], { as_of: 'before' });
      const unkeepable: CopiedRow = { ...copied(3, 3), row: { id: 3, amount: 10n } };
      expect(() =>
        store.put([copied(1, 2, 'accepted'), copied(2, 2), unkeepable], { as_of: 'after' }),
      ).toThrow();
      expect([store.row(1), store.row(2), store.value('as_of'), store.lastChangeSeq()]).toEqual([
        copied(1, 1).row,
        null,
        'before',
        1,
      ]);
    });

    it('keeps its rows and values in its file across a reopen', () => {
      const first = openFile();
      first.put([copied(1, 1), copied(2, 2)], { as_of: 'then' });
      first.close();
      opened.splice(0);
      const again = openFile();
      expect([
        again.value('as_of'),
        again.lastChangeSeq(),
        ids(again.list({ limit: 10, except: 'intent' })),
      ]).toEqual(['then', 2, [2, 1]]);
    });

    it('opens an empty copy kept nowhere for null, a new one each time', () => {
      const one = open(null);
      const other = open(null);
      one.put([copied(1, 1)], { as_of: 'then' });
      expect([other.row(1), other.value('as_of'), other.lastChangeSeq()]).toEqual([null, null, 0]);
      one.close();
      other.close();
    });
  });
}
