import type { Database } from 'better-sqlite3';

/** The page cache a one-pass read runs with, in KiB (SQLite's negative cache_size). */
const SCAN_CACHE_KIB = 2000;

/**
 * Runs a read that visits each page once (the full chain check, a piece of an export) with a small
 * page cache, then gives the connection its own size back. Those pages are not read again: caching
 * them grew the process by up to 16 MB (better-sqlite3's default cache) and kept nothing a later
 * read wants, since the last pages of a scan are no screen's pages.
 */
export function withScanCache<T>(db: Database, read: () => T): T {
  const size = db.pragma('cache_size', { simple: true }) as number;
  db.pragma(`cache_size = -${SCAN_CACHE_KIB}`);
  try {
    return read();
  } finally {
    db.pragma(`cache_size = ${size}`);
  }
}
