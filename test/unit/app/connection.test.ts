import { describe, expect, it } from 'vitest';
import type { ConnectionStatus } from '@contract';
import { createConnectionTracker } from '@main/app/connection';

const refusedKey = { kind: 'auth' as const, httpStatus: 401, message: 'Invalid sign' };
const unreachable = { kind: 'transport' as const, message: 'ECONNREFUSED' };

function tracked() {
  const changes: ConnectionStatus[] = [];
  const tracker = createConnectionTracker(
    (s) => changes.push(s),
    () => Date.parse('2026-01-01T10:00:00Z'),
  );
  return { tracker, changes, states: () => changes.map((c) => c.state) };
}

describe('connection tracker', () => {
  it('a price tick does not clear a refused key: degraded holds until the account answers', () => {
    const { tracker, states } = tracked();
    tracker.failure(refusedKey, 'account');
    for (let i = 0; i < 3; i++) tracker.success('market');
    expect(states()).toEqual(['degraded']);
    expect(tracker.status().error?.kind).toBe('auth');
    tracker.success('account');
    expect(states()).toEqual(['degraded', 'online']);
  });

  it('prices arriving again clear an offline account read: the network is back', () => {
    const { tracker, states } = tracked();
    tracker.success('market');
    tracker.failure(unreachable, 'account');
    tracker.success('market');
    expect(states()).toEqual(['online', 'offline', 'online']);
  });

  it('offline wins over degraded, and says which failure made it so', () => {
    const { tracker } = tracked();
    tracker.failure(refusedKey, 'account');
    tracker.failure(unreachable, 'market');
    expect(tracker.status()).toMatchObject({ state: 'offline', error: { kind: 'transport' } });
  });

  it('reports a change once, and starts over as connecting on reset', () => {
    const { tracker, states } = tracked();
    tracker.success('market');
    tracker.success('account');
    tracker.reset();
    expect(states()).toEqual(['online', 'connecting']);
    expect(tracker.status().lastSuccessAt).toBeNull();
  });
});
