import type { SandboxClock } from './clock';
import type { Rng } from './rng';
import type { SandboxState } from './types';

export interface WebhookRequest {
  merchantId: string;
  event: string;
  data: Record<string, unknown>;
  /** A wallet's own webhook_url overrides the merchant callback URL. */
  url?: string | null;
  idempotencyKey?: string | null;
}

/** What every handler and domain function gets: the state and the services around it. */
export interface SandboxContext {
  state: SandboxState;
  clock: SandboxClock;
  rng: Rng;
  baseUrl(): string;
  /** Commits the state (to the data file when one is configured). */
  save(): void;
  emit(request: WebhookRequest): void;
}

export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ControlError';
  }
}
