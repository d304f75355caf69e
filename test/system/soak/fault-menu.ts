import type { SandboxControl } from '@main/sandbox';
import type { FaultSpec } from '@main/sandbox/faults';

/** What a fault may touch: the sandbox's control, the soak merchant, and the route of this write. */
export interface FaultTarget {
  control: SandboxControl;
  merchantId: string;
  /** The sandbox route (operation id) of the write the fault is aimed at. */
  route: string;
  /** The soak's PRNG, for a fault with a random part (the sign of a clock error). */
  random: () => number;
}

export interface SoakFault {
  name: string;
  /** Set up just before the write is sent. Returns this computer's clock error meanwhile, if any. */
  arm(target: FaultTarget): { clockOffsetMs?: number } | void;
  /** Undone right after the write (the sandbox's one-shot faults are also cleared then). */
  disarm?(target: FaultTarget): void;
}

/** A latency fault waits this long: past the child's answer deadline (see app-child.ts). */
export const LATENCY_MS = 1_500;
export const ANSWER_DEADLINE_MS = 1_000;
const TEN_MINUTES = 10 * 60_000;

/** One fault of the sandbox's own table, aimed at the route of the write. */
export const sandboxFault = (name: string, spec: FaultSpec): SoakFault => ({
  name,
  arm: ({ control, route }) => control.injectFault(route, spec, 1),
});

/**
 * The soak's fault menu, one entry per kind it schedules: every kind of the sandbox's fault table except
 * provider-fail (card orders only, which the soak does not make), plus the account and clock faults.
 */
export const FAULT_MENU: SoakFault[] = [
  sandboxFault('latency', { kind: 'latency', ms: LATENCY_MS }),
  sandboxFault('error500', { kind: 'error500' }),
  sandboxFault('throttle', { kind: 'throttle' }),
  sandboxFault('throttle-retry-after', { kind: 'throttle', retryAfter: 2 }),
  sandboxFault('drop-before', { kind: 'drop-before' }),
  sandboxFault('drop-after', { kind: 'drop-after' }),
  sandboxFault('bad-gateway-html', { kind: 'bad-gateway-html' }),
  sandboxFault('non-json-2xx', { kind: 'non-json-2xx' }),
  {
    // The service's clock cannot be wound back once advanced, so the error is on this computer's side.
    name: 'clock-10-min-off',
    arm: ({ random }) => ({ clockOffsetMs: random() < 0.5 ? -TEN_MINUTES : TEN_MINUTES }),
  },
  {
    name: 'suspended',
    arm: ({ control, merchantId }) => void control.suspendMerchant(merchantId, true),
    disarm: ({ control, merchantId }) => void control.suspendMerchant(merchantId, false),
  },
  {
    name: 'withdrawals-revoked',
    arm: ({ control, merchantId }) => void control.setWithdrawalPermission(merchantId, false),
    disarm: ({ control, merchantId }) => void control.setWithdrawalPermission(merchantId, true),
  },
];
