import type { ConnectionTestInput, ConnectionTestResult } from '@contract';
import { EMBEDDED_BASE_URL, ProfileInput } from '@shared/domain/profile';
import { createApiClient } from '../../api/client';
import { ApiError } from '../../api/errors';
import type { SecretStore } from '../../secrets';
import { resolveBaseUrl, type ProfileStore } from '../../services/profiles';

export interface ConnectionTestDeps {
  profiles: Pick<ProfileStore, 'get'>;
  secrets: Pick<SecretStore, 'get'>;
  /** The embedded sandbox's address and play-money key, when it runs. */
  sandbox: { url: string; apiKey: string } | null;
  registerSecret: (value: string) => void;
  fetch?: typeof fetch;
}

type Target = { baseUrl: string; merchantId: string; signing: 'timestamped' | 'legacy'; apiKey: string };
type Answer = Omit<ConnectionTestResult, 'checkedAt'>;

/**
 * "Test connection": one signed balances read through a throw-away client (no retry), so a person
 * learns whether an address, merchant id and key work before money depends on them. The key is sent
 * only to that profile's own address, is registered with the redactor first, and is never kept or
 * returned.
 */
export async function testConnection(
  deps: ConnectionTestDeps,
  input: ConnectionTestInput,
): Promise<ConnectionTestResult> {
  const checkedAt = () => new Date().toISOString();
  const target = await resolveTarget(deps, input);
  if ('outcome' in target) return { ...target, checkedAt: checkedAt() };
  deps.registerSecret(target.apiKey);
  const client = createApiClient({
    baseUrl: target.baseUrl,
    merchantId: target.merchantId,
    apiKey: target.apiKey,
    signing: target.signing,
    timeoutMs: 10_000,
    retry: { attempts: 1 },
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });
  try {
    await client.getMerchantBalances();
    return { ...reachable(client.getClockSkew()?.warn ?? false), checkedAt: checkedAt() };
  } catch (error) {
    return { ...explain(error, client.getClockSkew()?.breaksWindow ?? false), checkedAt: checkedAt() };
  }
}

async function resolveTarget(deps: ConnectionTestDeps, input: ConnectionTestInput): Promise<Target | Answer> {
  if ('profileId' in input) {
    // A saved profile: its own address and its stored key; nothing from the renderer decides where it goes.
    const profile = deps.profiles.get(input.profileId);
    const embedded = profile.baseUrl === EMBEDDED_BASE_URL;
    const apiKey = embedded ? (deps.sandbox?.apiKey ?? null) : await deps.secrets.get(profile.id);
    if (!apiKey) {
      return {
        ok: false,
        outcome: 'no-key',
        message: `No API key is stored for “${profile.name}”, so nothing was sent. Store the key, then test again.`,
        detail: null,
      };
    }
    const baseUrl = resolveBaseUrl(profile, deps.sandbox?.url);
    return { baseUrl, merchantId: profile.merchantId, signing: profile.signing, apiKey };
  }
  // The same rules a saved profile must meet (https for live), so a test never reaches an address
  // the profile could not be saved with.
  const checked = ProfileInput.safeParse({
    name: 'Connection test',
    environment: input.environment,
    baseUrl: input.baseUrl,
    merchantId: input.merchantId,
    signing: input.signing,
  });
  if (!checked.success) {
    return {
      ok: false,
      outcome: 'invalid',
      message: 'Nothing was sent: the address or merchant ID is not valid. Fix the marked fields first.',
      detail: checked.error.issues.map((i) => i.message).join('; '),
    };
  }
  const { baseUrl, merchantId, signing } = checked.data;
  return { baseUrl, merchantId, signing, apiKey: input.apiKey };
}

function reachable(clockWarn: boolean): Answer {
  return {
    ok: true,
    outcome: 'ok',
    message: clockWarn
      ? 'Connected: the service answered and accepted the key. This computer’s clock is more than a minute off; turn on automatic time.'
      : 'Connected: the service answered and accepted the key.',
    detail: null,
  };
}

function explain(error: unknown, clockBreaks: boolean): Answer {
  if (!(error instanceof ApiError)) {
    return { ok: false, outcome: 'refused', message: 'The test could not run. Try again.', detail: null };
  }
  const detail = [error.httpStatus ? `HTTP ${error.httpStatus}` : null, error.serverMessage ?? error.message]
    .filter(Boolean)
    .join(' · ');
  const said = (error.serverMessage ?? '').toLowerCase();
  if (clockBreaks || said.includes('timestamp')) {
    return {
      ok: false,
      outcome: 'clock-off',
      message:
        'The service refused the request because this computer’s clock is off. Turn on automatic time (NTP), then test again.',
      detail,
    };
  }
  if (error.kind === 'transport' || error.kind === 'not-json' || error.kind === 'not-found') {
    return {
      ok: false,
      outcome: 'unreachable',
      message:
        error.kind === 'transport'
          ? 'The service could not be reached at this address. Check the address and your network, then test again.'
          : 'Something answered at this address, but it is not the payment service. Check the address.',
      detail,
    };
  }
  if (error.kind === 'auth' || error.httpStatus === 401 || error.httpStatus === 403) {
    return {
      ok: false,
      outcome: 'key-refused',
      message:
        error.httpStatus === 403
          ? 'The service answered but refused this merchant account (it may be suspended). Contact the payment provider.'
          : 'The service answered but did not accept this merchant ID and key. Check both, then test again.',
      detail,
    };
  }
  return {
    ok: false,
    outcome: 'refused',
    message: 'The service answered with an error, so the connection could not be confirmed. Try again later.',
    detail,
  };
}
