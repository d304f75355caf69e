import { describe, expect, it } from 'vitest';
import type { TeamStatus } from '@contract';
import { teamBadgeWords } from '@renderer/features/team/team-words';

const status = (connection: TeamStatus['connection'], asOf: string | null = null): TeamStatus => ({
  joined: true,
  server: 'db:5432/ledger',
  person: 'ada',
  role: 'admin',
  desk: 'Desk A',
  connection,
  asOf,
  words: '',
});

describe('the top bar’s words for the team connection', () => {
  it('says online, offline with its "as of", and read-only with what to do, each in words', () => {
    expect(teamBadgeWords(status('online'))).toMatchObject({
      label: 'Team · online',
      tone: 'good',
      narrow: 'Team',
    });
    const offline = teamBadgeWords(status('offline', '2026-11-26T12:04:00.000Z'));
    expect(offline.label).toMatch(/^Team · offline as of \d{2}:\d{2}/);
    expect(offline.narrow).toBeUndefined();
    expect(teamBadgeWords(status('read-only')).label).toBe('Team · read-only: update the app');
    expect(teamBadgeWords(status('rewritten')).tone).toBe('bad');
  });
});
