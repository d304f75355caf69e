import type { EventChannel, EventOf } from '@contract';
import type { Journal } from '../journal';
import type { Redactor } from '../security/redactor';
import type { SecretStore } from '../secrets';
import type { ProfileStore } from '../services/profiles';
import type { RatesPoller } from '../services/rates-poller';
import type { BalanceHistoryStore } from '../services/balance-history';
import type { WebhookIntake } from '../services/webhook-intake';
import type { ConnectionTracker } from './connection';
import type { Session } from './session';

export type Emit = <E extends EventChannel>(channel: E, payload: EventOf<E>) => void;

/** Everything a handler may use. Built once by createAppServices; the session changes with the profile. */
export interface AppContext {
  appVersion: string;
  dataDir: string;
  redactor: Redactor;
  profiles: ProfileStore;
  secrets: SecretStore;
  journal: Journal;
  webhooks: WebhookIntake;
  sandbox: { url: string; apiKey: string } | null;
  connection: ConnectionTracker;
  emit: Emit;
  openExternal: (url: string) => Promise<boolean>;
  session(): Session;
  rates(): RatesPoller;
  balanceHistory(): BalanceHistoryStore;
  /** Re-opens the session after the active profile (or its settings) changed. */
  switchProfile(): void;
  /** Runs a read against the service, keeping the connection status honest. */
  read<T>(run: (session: Session) => Promise<T>): Promise<T>;
}
