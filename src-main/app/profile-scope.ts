import type { ErrorInfo } from '@contract';
import { toErrorInfo } from '@shared/error-info';
import type { Redactor } from '../security/redactor';
import type { SecretStore } from '../secrets';
import { createBalanceHistory, type BalanceHistoryStore } from '../services/balance-history';
import type { Profile } from '../services/profiles-schema';
import {
  createRatesPoller,
  tickOf,
  type RatesPoller,
  type RatesPollerOptions,
} from '../services/rates-poller';
import type { BalancesView } from '@contract';
import { startBalanceSnapshots } from './balance-snapshots';
import type { ConnectionSource, ConnectionTracker } from './connection';
import type { Emit } from './events';
import { openSession, type Session } from './session';

/**
 * The pace of a scope's own timers where it may differ from the app's: only the browser test host
 * sets it (test/system/e2e/host/server.ts), so a spec waits about a second for a snapshot, a recovery
 * or stale prices rather than the app's ten seconds or more. The app passes nothing. The rates poll
 * itself follows the profile's own interval, a setting a person can make too.
 */
export interface ScopePace {
  /** Between balance snapshots (BALANCE_SNAPSHOT_MS by default). */
  balanceSnapshotMs?: number;
  /** The rates poller's longest back-off after failed polls (60 s by default). */
  maxBackoffMs?: number;
  /** The shortest time without a tick that makes prices stale (10 s by default). */
  staleFloorMs?: number;
}

/** What the top bar's status hears from a scope; silenced once the scope is disposed. */
type ConnectionReport = Pick<ConnectionTracker, 'success' | 'failure'>;

export interface ProfileScopeDeps {
  secrets: SecretStore;
  redactor: Redactor;
  sandbox: { url: string; apiKey: string } | null;
  dataDir: string;
  connection: ConnectionReport;
  emit: Emit<'rates:tick' | 'clock:skew'>;
  /** Tests hold requests back to reproduce slow answers. */
  fetch?: typeof fetch;
  /** Tests keep the poller's and the balance snapshots' timers still. */
  schedule?: RatesPollerOptions['schedule'];
  /** Each balance snapshot of the profile (reconciliation keeps it per asset). */
  onBalances?: (profileId: string, view: BalancesView) => void;
  pace?: ScopePace;
}

/**
 * Everything that belongs to the active profile: its session (API client and key), its rates poller
 * and its balance history with the timer that keeps it. Created whole on every profile switch and
 * disposed whole before the next one opens, so no part of the previous profile survives a switch.
 */
export interface ProfileScope {
  readonly profile: Profile;
  readonly session: Session;
  readonly rates: RatesPoller;
  readonly history: BalanceHistoryStore;
  /**
   * Aborted when the scope is disposed. Work started in the scope that ends after it (a read, a
   * write, a poll) checks it before touching anything shared.
   */
  readonly signal: AbortSignal;
  /** Connection status reports; ignored after disposal, so a late answer cannot flip the status. */
  readonly connection: ConnectionReport;
  /**
   * Runs a read against the service and reports the outcome to the connection status. `answered` names
   * the errors that are the service answering as itself (a 404 for a code it does not know): they
   * count for the connection, not against it.
   */
  read<T>(run: (session: Session) => Promise<T>, answered?: (error: ErrorInfo) => boolean): Promise<T>;
  /** Idempotent and immediate: from the moment it returns, nothing in the scope can publish. */
  dispose(): void;
}

/** Opens the scope of one profile and starts its rates poller. */
export function openProfileScope(profile: Profile, deps: ProfileScopeDeps): ProfileScope {
  const lifetime = new AbortController();
  const { signal } = lifetime;
  // Every way out of the scope goes through this check: events, connection reports, clock skew.
  // Answers to requests sent before a switch still arrive afterwards; they must change nothing.
  const whileOpen =
    <A extends unknown[]>(publish: (...args: A) => void) =>
    (...args: A): void => {
      if (!signal.aborted) publish(...args);
    };
  const connection: ConnectionReport = {
    success: whileOpen((source: ConnectionSource) => deps.connection.success(source)),
    failure: whileOpen((error: ErrorInfo, source: ConnectionSource) =>
      deps.connection.failure(error, source),
    ),
  };
  const session = openSession({
    profile,
    secrets: deps.secrets,
    redactor: deps.redactor,
    sandbox: deps.sandbox,
    onClockSkew: whileOpen((skew) => deps.emit('clock:skew', skew)),
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });
  const rates = createRatesPoller({
    source: {
      getCoinRates: (options) => session.client.getCoinRates(options),
      getCoinCatalog: (options) => session.client.getCoinCatalog(options),
    },
    intervalMs: profile.pollIntervalMs,
    // The poller discards its own poll in flight when the scope ends (defect 3); the guards above
    // make the same promise for everything else in the scope.
    signal,
    onTick: whileOpen((snapshot) => {
      if (snapshot.error) connection.failure(snapshot.error, 'market');
      else connection.success('market');
      deps.emit('rates:tick', tickOf({ ...snapshot, profileId: profile.id }));
    }),
    ...(deps.schedule ? { schedule: deps.schedule } : {}),
    ...(deps.pace?.maxBackoffMs ? { maxBackoffMs: deps.pace.maxBackoffMs } : {}),
    ...(deps.pace?.staleFloorMs ? { staleFloorMs: deps.pace.staleFloorMs } : {}),
  });
  const history = createBalanceHistory(deps.dataDir, profile.id);
  async function read<T>(
    run: (s: Session) => Promise<T>,
    answered?: (error: ErrorInfo) => boolean,
  ): Promise<T> {
    try {
      const value = await run(session);
      connection.success('account');
      return value;
    } catch (error) {
      const info = toErrorInfo(error);
      if (answered?.(info)) connection.success('account');
      else connection.failure(info, 'account');
      throw error;
    }
  }
  rates.start();
  startBalanceSnapshots({
    profileId: profile.id,
    history,
    read,
    onBalances: deps.onBalances,
    signal,
    ...(deps.schedule ? { schedule: deps.schedule } : {}),
    ...(deps.pace?.balanceSnapshotMs ? { everyMs: deps.pace.balanceSnapshotMs } : {}),
  });

  return { profile, session, rates, history, signal, connection, read, dispose: () => lifetime.abort() };
}

/** The one scope that is active now, replaced whole on every switch. */
export interface ActiveScope {
  current(): ProfileScope;
  /**
   * Disposes the current scope, then opens a new one for the profile that is active now. The old
   * scope is silenced before the status is reset, so it cannot flip the status back afterwards. If
   * opening fails (an embedded profile without the embedded sandbox), the error reaches the caller
   * and the disposed scope stays current: it still answers reads, but publishes nothing.
   */
  reopen(): void;
  /** Disposes the current scope for good: a reopen() that comes later (a late handler) does nothing. */
  dispose(): void;
}

export function holdActiveScope(open: () => ProfileScope, onReopen: () => void): ActiveScope {
  let scope = open();
  let closed = false;
  return {
    current: () => scope,
    reopen() {
      if (closed) return;
      scope.dispose();
      onReopen();
      scope = open();
    },
    dispose() {
      closed = true;
      scope.dispose();
    },
  };
}
