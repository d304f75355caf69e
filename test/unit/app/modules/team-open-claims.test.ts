import { describe, expect, it } from 'vitest';
import { refuseLeavingWithOpenClaims } from '@main/app/modules/team-open-claims';
import type { TeamSession } from '@main/app/modules/team-session';
import { JournalError } from '@main/storage/port/errors';

const DESK = '2b1c5f0e-8a4d-4c1e-9f7a-3d2e1c0b9a87';

/** The parts of a team session leaving reads: its held answers and a query on the server. */
function session(query: (sql: string, params?: unknown[]) => Promise<unknown[]>, held = 0): TeamSession {
  return {
    membership: { deskId: DESK },
    pending: { held: () => Array.from({ length: held }, () => ({})) },
    pool: { query },
  } as unknown as TeamSession;
}

describe('leaving a team with open claims (issue 27 item 8)', () => {
  it('asks the server for this desk’s sending and unknown claims, and refuses naming each', async () => {
    const asked: unknown[] = [];
    const refused = refuseLeavingWithOpenClaims(
      session(async (_sql, params) => {
        asked.push(params);
        return [
          { id: '12', state: 'unknown', claimed_at: '2026-11-26T10:42:00.000Z' },
          { id: '15', state: 'sending', claimed_at: '2026-11-26T10:44:00.000Z' },
        ];
      }),
    );
    await expect(refused).rejects.toMatchObject({
      kind: 'journal-conflict',
      message: expect.stringContaining(
        '2 withdrawals whose outcome is not known yet: #12 (unknown, claimed 2026-11-26T10:42:00.000Z), #15 (sending',
      ),
    });
    expect(asked).toEqual([[DESK]]);
  });

  it('lets a desk with none leave, and a revoked desk (the server refuses it everything already)', async () => {
    await expect(refuseLeavingWithOpenClaims(session(async () => []))).resolves.toBeUndefined();
    const revoked = session(async () => {
      throw new JournalError('locked', 'Desk X was revoked');
    });
    await expect(refuseLeavingWithOpenClaims(revoked)).resolves.toBeUndefined();
    await expect(refuseLeavingWithOpenClaims(null)).resolves.toBeUndefined();
  });

  it('refuses while answers wait on this desk, and while the server cannot be asked', async () => {
    await expect(refuseLeavingWithOpenClaims(session(async () => [], 2))).rejects.toMatchObject({
      kind: 'journal-conflict',
      message: expect.stringContaining('still holds 2 answer(s)'),
    });
    const away = session(async () => {
      throw new JournalError('not-recorded', 'the server cannot be reached');
    });
    await expect(refuseLeavingWithOpenClaims(away)).rejects.toMatchObject({
      kind: 'unavailable',
      message: expect.stringContaining('cannot check whether it still holds'),
    });
  });
});
