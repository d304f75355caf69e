import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withScanCache } from '@main/storage/sqlite/scan-cache';

const cacheSize = (db: BetterSqlite3.Database) => db.pragma('cache_size', { simple: true }) as number;

describe('withScanCache', () => {
  it('runs the read with a small page cache and gives the connection its own size back', () => {
    const db = new BetterSqlite3(':memory:');
    db.pragma('cache_size = -16000');
    const during = withScanCache(db, () => cacheSize(db));
    expect(during).toBe(-2000);
    expect(cacheSize(db)).toBe(-16000);
    db.close();
  });

  it('gives the size back when the read fails too', () => {
    const db = new BetterSqlite3(':memory:');
    db.pragma('cache_size = -8000');
    expect(() =>
      withScanCache(db, () => {
        throw new Error('broken page');
      }),
    ).toThrow('broken page');
    expect(cacheSize(db)).toBe(-8000);
    db.close();
  });
});
