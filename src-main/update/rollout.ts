import { createHash } from 'node:crypto';

/**
 * Staged rollout: a release's latest.yml may carry `stagingPercentage` (electron-builder's field). A
 * desk takes part when its bucket, 0 to 99, is below that percentage. The bucket is drawn from the
 * desk's own id (storage/desk-id.ts) and the release's version: stable for one release (raising the
 * percentage from 10 to 50 keeps the first tenth in), different from one release to the next (the
 * same desks are not always first). `stagingPercentage: 0` halts a release: no desk is offered it.
 */
export function rolloutBucket(deskId: string, version: string): number {
  const digest = createHash('sha256').update(`${deskId}\n${version}`, 'utf8').digest();
  return digest.readUInt32BE(0) % 100;
}

export type RolloutDecision = 'offered' | 'halted' | 'not-yet';

/** Whether this desk is offered the release; a missing percentage means everyone. */
export function rolloutDecision(
  stagingPercentage: number | undefined,
  deskId: string,
  version: string,
): RolloutDecision {
  if (stagingPercentage === undefined || stagingPercentage >= 100) return 'offered';
  if (stagingPercentage <= 0) return 'halted';
  return rolloutBucket(deskId, version) < stagingPercentage ? 'offered' : 'not-yet';
}
