import { useTeamStore } from './team-store';

/**
 * Whose records the money screens list, in words: on a desk alone what this desk made; on a desk of a
 * team, what every desk of the team made, since they all read one ledger ("from this desk" there named
 * another desk's withdrawal as this one's).
 */
export const RECORDS_FROM = { desk: 'from this desk', team: 'from the team’s desks' } as const;

export type RecordsScope = keyof typeof RECORDS_FROM;

export const useRecordsScope = (): RecordsScope => useTeamStore((s) => (s.status?.joined ? 'team' : 'desk'));

/** The words for whose records a list holds: "from this desk", or on a team "from the team’s desks". */
export const useRecordsFrom = (): string => RECORDS_FROM[useRecordsScope()];
