import { describe, expect, it } from 'vitest';
import { compareVersions, isVersion } from '@main/update/version';

describe('release versions', () => {
  it('orders releases, pre-releases below their release', () => {
    const ordered = [
      '0.9.9',
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0',
      '1.0.1',
      '1.10.0',
      '2.0.0',
    ];
    for (let i = 0; i < ordered.length - 1; i++) {
      expect(compareVersions(ordered[i]!, ordered[i + 1]!)).toBeLessThan(0);
      expect(compareVersions(ordered[i + 1]!, ordered[i]!)).toBeGreaterThan(0);
    }
    expect(compareVersions('1.4.0', '1.4.0')).toBe(0);
    expect(compareVersions('1.4.0+build.7', '1.4.0')).toBe(0);
  });

  it('refuses what is not a release version', () => {
    expect(isVersion('1.4')).toBe(false);
    expect(isVersion('v1.4.0')).toBe(false);
    expect(isVersion('01.4.0')).toBe(false);
    expect(isVersion('1.4.0-beta.1')).toBe(true);
    expect(() => compareVersions('1.4.0', 'latest')).toThrow('Not a release version: "latest"');
  });
});
