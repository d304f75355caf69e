import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '@main/storage/pg/migrations/index';

// The SHA-256 of each migration's SQL as a team's server ran it (computed once, from main at 9604006).
// A server records the versions it has run and never runs them again, so an edit here would leave the
// servers that ran the old text on a schema the code no longer describes. The TS that builds the SQL may
// be shared and refactored freely; the text it produces may not change.
const FROZEN: Readonly<Record<number, string>> = {
  1: '26450bf31683c4fcfbfb6aabc25cd79d159ce73506c154df07398708dbc153d7',
  2: '1dcaec887e59ba0863ff7418f414d0c7d25f5d4fc9389b7a9b158cb61b4c000c',
  3: 'fa0a43e17a18a7137e67c2a83fa616b3b3b96d54ff6810a7de7c97fcc2900004',
  4: '0c278cd5ff886837f47668ac05fff9e6f065fea3d76b5dd5811fa3d5bca94bde',
  6: 'd716e9f1dcdb0bd722d39893f76033177f4d2115e7d356cbc48ea525a27a6fd9',
  7: '59c96bd680f6622d65bf7d913e1f68c2d09944fd4c0bd32fa05d17ddf953f159',
  8: '9a80cb6002e264569f037e12bce4b661654955f207b9ee13428fbb5fbcdd3b0d',
  9: 'f457216a8b79a8f56b767a231c23f3721c815f9c7acfef95680059d59952a1b4',
  10: '1bf019c6e7f33058f9e2b7c6a2f99bb73944d1815df519c941ed4c8f4b599961',
  11: '7b8625f28021130a03afb5ca86b787c150673723060b8371cb36d1b25a74793f',
  12: '6a8d0dd4b24d8b92ae88c516af1807644e2be2f5532b036c26359aea61b48ca2',
};

const NEVER_CHANGE =
  'a migration a server has run must never change; add the next one (and pin its hash here)';

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

describe('the team ledger migrations', () => {
  it.each(Object.entries(FROZEN))('keep migration %s byte for byte as servers ran it', (version, hash) => {
    const migration = MIGRATIONS.find((m) => m.version === Number(version));
    expect(migration, `migration ${version} is gone: ${NEVER_CHANGE}`).toBeDefined();
    expect(sha256(migration?.sql ?? ''), `migration ${version} changed: ${NEVER_CHANGE}`).toBe(hash);
  });

  it('pin every migration they list, in order', () => {
    const versions = MIGRATIONS.map((m) => m.version);
    expect(versions, `a migration has no pinned hash: ${NEVER_CHANGE}`).toEqual(
      Object.keys(FROZEN).map(Number),
    );
  });
});
