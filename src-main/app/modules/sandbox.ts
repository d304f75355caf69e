import type { SandboxAction, SandboxStatus } from '@shared/domain/sandbox-controls';
import { SANDBOX_PROFILE_ID } from '@shared/domain/profile';
import { AppError } from '@shared/errors';
import type { SandboxControl } from '../../sandbox';
import type { Disposer } from '../lifecycle';
import { handleAll, type ChannelRegistry } from './channels';
import { runAction, type NetworkNames } from './sandbox-actions';

export interface SandboxModuleDeps {
  /** The embedded sandbox's control object (null when it is not running). Main calls it directly, so
   * its control token never has to leave the sandbox. */
  control: SandboxControl | null;
  /** The active profile, read on every call: a switch to a live profile closes these channels at once. */
  activeProfile: () => { id: string; merchantId: string };
  /** Network display names from the active profile's catalog, for answers in the desk's words. */
  networkNames?: NetworkNames;
  /** How long an action waits for the webhooks it caused to reach the app's journal. */
  webhookWaitMs?: number;
}

const SANDBOX_ONLY =
  'Sandbox controls work only while the built-in Sandbox profile is active. Nothing was changed. Switch to the Sandbox profile to rehearse payments and withdrawals.';

function statusOf(control: SandboxControl): SandboxStatus {
  return {
    faults: control.faults().map((f) => ({
      operation: f.route,
      fault: f.kind,
      ...(f.retryAfter !== undefined ? { retryAfterSeconds: f.retryAfter } : {}),
      ...(f.ms !== undefined ? { delayMs: f.ms } : {}),
      remaining: f.remaining,
    })),
    duplicateWebhooks: control.state().settings.duplicateWebhooks,
    clock: new Date(control.now()).toISOString(),
    aheadMs: control.clock().jumpedMs,
  };
}

/** The sandbox refuses in its own words ("Invoice X not found"); they reach the person unchanged. */
function asAppError(error: unknown): unknown {
  if (error instanceof Error && error.name === 'ControlError') {
    const status = (error as Error & { status?: number }).status;
    // 'request', not 'not-found': the words are the sandbox's and already plain, so they are shown as
    // they are instead of a generic "the payment service refused" headline.
    return new AppError('request', `The Sandbox refused: ${error.message}.`, {
      ...(status !== undefined ? { httpStatus: status } : {}),
    });
  }
  return error;
}

/** `sandbox:*`: drives the embedded sandbox so staff can rehearse every outcome with play money. */
export function registerSandbox(router: ChannelRegistry, deps: SandboxModuleDeps): Disposer {
  const waitMs = deps.webhookWaitMs ?? 5_000;
  const sandbox = (): { control: SandboxControl; merchantId: string } => {
    const profile = deps.activeProfile();
    if (profile.id !== SANDBOX_PROFILE_ID || !deps.control) throw new AppError('sandbox-only', SANDBOX_ONLY);
    return { control: deps.control, merchantId: profile.merchantId };
  };
  // Webhooks an action caused go to the app's receiver; waiting (bounded) means the journal already
  // shows their effect when the answer arrives.
  const settle = async (control: SandboxControl): Promise<void> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
    await Promise.race([control.flushWebhooks(), timeout]).finally(() => clearTimeout(timer));
  };

  return handleAll(router, {
    'sandbox:status': () => statusOf(sandbox().control),
    'sandbox:act': async (action: SandboxAction) => {
      const { control, merchantId } = sandbox();
      let message: string;
      try {
        message = runAction(control, merchantId, action, deps.networkNames);
      } catch (error) {
        throw asAppError(error);
      }
      await settle(control);
      return { message, status: statusOf(control) };
    },
  });
}
