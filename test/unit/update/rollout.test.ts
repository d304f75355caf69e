import { describe, expect, it } from 'vitest';
import { rolloutBucket, rolloutDecision } from '@main/update/rollout';

describe('staged rollout', () => {
  it('gives a desk the same bucket for one release, every time', () => {
    expect(rolloutBucket('desk-a', '1.5.0')).toBe(rolloutBucket('desk-a', '1.5.0'));
    const buckets = new Set(Array.from({ length: 20 }, (_, i) => rolloutBucket('desk-a', `1.${i}.0`)));
    expect(buckets.size).toBeGreaterThan(5); // not the same desks first for every release
  });

  it('offers a release to about the percentage of desks named, keeping earlier ones in', () => {
    const desks = Array.from({ length: 2000 }, (_, i) => `desk-${i}`);
    const at = (p: number) => desks.filter((d) => rolloutDecision(p, d, '1.5.0') === 'offered');
    const ten = at(10);
    const fifty = at(50);
    expect(ten.length).toBeGreaterThan(140);
    expect(ten.length).toBeLessThan(260);
    expect(fifty.length).toBeGreaterThan(900);
    expect(fifty.length).toBeLessThan(1100);
    expect(ten.every((d) => fifty.includes(d))).toBe(true);
  });

  it('treats no percentage as everyone, and zero as a stop', () => {
    expect(rolloutDecision(undefined, 'desk-a', '1.5.0')).toBe('offered');
    expect(rolloutDecision(100, 'desk-a', '1.5.0')).toBe('offered');
    expect(rolloutDecision(0, 'desk-a', '1.5.0')).toBe('halted');
    const bucket = rolloutBucket('desk-a', '1.5.0');
    expect(rolloutDecision(bucket, 'desk-a', '1.5.0')).toBe(bucket === 0 ? 'halted' : 'not-yet');
    expect(rolloutDecision(bucket + 1, 'desk-a', '1.5.0')).toBe('offered');
  });
});
