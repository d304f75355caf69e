import type { TeamStatus } from '@contract';
import type { Disposer } from '../lifecycle';
import type { KeyHold } from '../treasury-keys';
import { handleAll, type ChannelRegistry } from './channels';
import type { TeamSession } from './team-session';

/** `team:treasury-keys`: whether this desk may hold a live API key, in words, for Settings. */
export function registerTreasuryKeys(router: ChannelRegistry, hold: KeyHold): Disposer {
  return handleAll(router, { 'team:treasury-keys': () => hold.view() });
}

/**
 * Keeps the key hold (../treasury-keys.ts) in step with the team's ledger: read again when the
 * team's desks change (md_team, which migration 010 also sends for the treasury desks), when the
 * desk connects, joins or leaves. One read at a time; a request meanwhile reads once more after.
 * While the ledger is away the desk keeps what it last learned.
 */
export function watchTreasury(deps: {
  session: () => TeamSession | null;
  hold: KeyHold;
  logLine(line: string): void;
}): { teamChanged(): void; statusChanged(status: TeamStatus): void } {
  let running = false;
  let again = false;
  let seen = '';

  async function read(): Promise<void> {
    const session = deps.session();
    if (!session) return deps.hold.learn(null);
    if (session.sync.state !== 'live') return;
    const desks = await session.approvals.treasuryDesks();
    await deps.hold.learn({
      thisDesk: desks.some((d) => d.id === session.membership.deskId),
      treasuryDesks: desks.map((d) => d.name),
    });
  }

  function check() {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void read()
      .catch((error: unknown) => deps.logLine(`team: reading the treasury desks failed: ${String(error)}`))
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          check();
        }
      });
  }

  return {
    teamChanged: check,
    // Every catch-up reports the status again: only a change of joined or connection is read on.
    statusChanged(status) {
      const now = `${status.joined}:${status.connection}`;
      if (now === seen) return;
      seen = now;
      check();
    },
  };
}
