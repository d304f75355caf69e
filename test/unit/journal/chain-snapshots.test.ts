import { describe, expect, it } from 'vitest';
import { digestOf, EntrySnapshots } from '@main/storage/sqlite/chain-snapshots';

const digest = (n: number) => digestOf({ id: n });

describe('EntrySnapshots', () => {
  it('keeps each entry’s latest digest by id, and forgets one once compared', () => {
    const s = new EntrySnapshots(10);
    s.record(3, digest(1));
    s.record(3, digest(2));
    s.record(7, digest(7));
    expect(Buffer.from(s.get(3) as Buffer).equals(digest(2))).toBe(true);
    s.delete(3);
    expect(s.has(3)).toBe(false);
    expect(s.get(3)).toBeUndefined();
    expect([...s.ids()]).toEqual([7]);
  });

  it('grows past the size it was opened with (entries written during a gradual check)', () => {
    const s = new EntrySnapshots(0);
    for (let id = 1; id <= 5000; id++) s.record(id, digest(id));
    expect(Buffer.from(s.get(1) as Buffer).equals(digest(1))).toBe(true);
    expect(Buffer.from(s.get(5000) as Buffer).equals(digest(5000))).toBe(true);
    expect([...s.ids()]).toHaveLength(5000);
  });

  it('keeps an id far beyond its size, or not an id at all, without sizing the buffer for it', () => {
    const s = new EntrySnapshots(10);
    for (const id of [2 ** 40, -1, 1.5]) s.record(id, digest(id));
    s.record(4, digest(4));
    expect(Buffer.from(s.get(2 ** 40) as Buffer).equals(digest(2 ** 40))).toBe(true);
    expect(Buffer.from(s.get(-1) as Buffer).equals(digest(-1))).toBe(true);
    expect([...s.ids()]).toEqual([4, 2 ** 40, -1, 1.5]);
  });

  it('does not let a later change of the recorded digest buffer alter what it holds', () => {
    const s = new EntrySnapshots(10);
    const far = digest(9);
    s.record(2 ** 40, far);
    far.fill(0);
    expect(Buffer.from(s.get(2 ** 40) as Buffer).equals(digest(9))).toBe(true);
  });

  it('switches an entry between an old unsealed snapshot and a sealed one', () => {
    const s = new EntrySnapshots(10);
    s.record(5, { legacyRow: { id: 5 } });
    expect(s.get(5)).toEqual({ legacyRow: { id: 5 } });
    s.record(5, digest(5));
    expect(Buffer.isBuffer(s.get(5))).toBe(true);
    s.record(5, { legacyRow: null });
    expect(s.get(5)).toEqual({ legacyRow: null });
    expect([...s.ids()]).toEqual([5]);
  });
});
