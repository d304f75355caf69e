/**
 * For walking JSON the contract leaves open (the service's raw fee settings, extra balance fields):
 * answers themselves are checked against the contract by lib/merchant-api.ts, not here.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
