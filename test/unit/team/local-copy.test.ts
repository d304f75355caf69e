import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLocalCopy } from '@main/team/local-copy';
import { openSqliteTeamCopy } from '@main/storage/sqlite/team-copy';

const row = (id: number, changeSeq: number, state = 'sending') => ({
  id,
  change_seq: changeSeq,
  state,
  amount: `${id}.00`,
});
const at = (seq: number) => ({ seq, hash: String(seq).padStart(64, '0') });

describe('the local copy of the team’s entries', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'md-copy-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  /** The copy the desk keeps: the SQLite room's store, in a file that outlives a restart. */
  const open = () => openLocalCopy(openSqliteTeamCopy(join(dir, 'copy.sqlite')));

  it('applies each version of a row once, and never an older over a newer', () => {
    const copy = open();
    expect(copy.apply([row(1, 5), row(2, 6)], at(2), '2026-11-26T05:00:00.000Z')).toEqual([
      { id: 1, changeSeq: 5 },
      { id: 2, changeSeq: 6 },
    ]);
    expect(copy.apply([row(1, 5), row(2, 4, 'accepted')], at(3), '2026-11-26T05:01:00.000Z')).toEqual([]);
    expect(copy.apply([row(1, 9, 'accepted')], at(4), '2026-11-26T05:02:00.000Z')).toEqual([
      { id: 1, changeSeq: 9 },
    ]);
    expect(copy.entry(1)).toMatchObject({ state: 'accepted', change_seq: 9 });
    expect(copy.entry(2)).toMatchObject({ state: 'sending', change_seq: 6 });
    expect(copy.lastSeq()).toBe(9);
    copy.close();
  });

  it('keeps the verified position and "as of" across a restart, and hides intents from the list', () => {
    const copy = open();
    copy.apply([row(1, 1, 'intent'), row(2, 2), row(3, 3)], at(7), '2026-11-26T05:00:00.000Z');
    copy.close();
    const again = open();
    expect(again.position()).toEqual(at(7));
    expect(again.asOf()).toBe('2026-11-26T05:00:00.000Z');
    expect(again.entries().map((e) => e.id)).toEqual([3, 2]);
    expect(again.entries({ limit: 1, beforeId: 3 }).map((e) => e.id)).toEqual([2]);
    again.close();
  });

  it('starts at the chain’s genesis with nothing seen', () => {
    const copy = open();
    expect(copy.position()).toEqual({ seq: 0, hash: '0'.repeat(64) });
    expect([copy.asOf(), copy.lastSeq(), copy.entries()]).toEqual([null, 0, []]);
    copy.close();
  });
});
