import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { completeSbom, expectations } from '../../../scripts/release-sbom.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const EXPECTED = {
  name: 'merchant-desk',
  version: '1.2.3',
  electron: '45.5.0',
  natives: [
    { name: 'better-sqlite3', version: '12.11.1' },
    { name: 'keytar', version: '7.9.0' },
  ],
};

/** The shape @cyclonedx/cyclonedx-npm writes, cut down to what the script reads. */
function sbom(overrides: { version?: string; without?: string } = {}) {
  const root = `merchant-desk@${overrides.version ?? '1.2.3'}`;
  const components = [
    {
      type: 'library',
      name: 'better-sqlite3',
      version: '12.11.1',
      'bom-ref': `${root}|better-sqlite3@12.11.1`,
    },
    { type: 'library', name: 'keytar', version: '7.9.0', 'bom-ref': `${root}|keytar@7.9.0` },
    { type: 'library', name: 'zod', version: '4.6.7', 'bom-ref': `${root}|zod@4.6.7` },
  ].filter((c) => c.name !== overrides.without);
  return {
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    metadata: {
      component: {
        type: 'application',
        name: 'merchant-desk',
        version: overrides.version ?? '1.2.3',
        'bom-ref': root,
      },
    },
    components,
    dependencies: [{ ref: root, dependsOn: components.map((c) => c['bom-ref']) }],
  };
}

describe('completeSbom', () => {
  it('adds Electron as a framework the app depends on, once however often it runs', () => {
    const first = completeSbom(sbom(), EXPECTED);
    expect(first.problems).toEqual([]);
    const again = completeSbom(first.bom, EXPECTED);
    const components = again.bom.components as { name: string; type: string; purl?: string }[];
    const electron = components.filter((c) => c.name === 'electron');
    expect(electron).toEqual([
      expect.objectContaining({ type: 'framework', purl: 'pkg:npm/electron@45.5.0' }),
    ]);
    const dependencies = again.bom.dependencies as { ref: string; dependsOn?: string[] }[];
    const root = dependencies.find((d) => d.ref === 'merchant-desk@1.2.3');
    expect(root?.dependsOn?.filter((ref) => ref.endsWith('|electron@45.5.0'))).toHaveLength(1);
    expect(dependencies.some((d) => d.ref === 'merchant-desk@1.2.3|electron@45.5.0')).toBe(true);
  });

  it('does not change the document it was given', () => {
    const input = sbom();
    const before = JSON.stringify(input);
    completeSbom(input, EXPECTED);
    expect(JSON.stringify(input)).toBe(before);
  });

  it('fails an SBOM of another version, or one missing a shipped native addon', () => {
    expect(completeSbom(sbom({ version: '1.2.2' }), EXPECTED).problems).toEqual([
      'describes merchant-desk@1.2.2, not merchant-desk@1.2.3',
    ]);
    expect(completeSbom(sbom({ without: 'keytar' }), EXPECTED).problems).toEqual([
      'lists no keytar@7.9.0, a native addon every installer ships',
    ]);
    expect(completeSbom({ spdxVersion: 'SPDX-2.3' }, EXPECTED).problems).toEqual([
      'not a CycloneDX document',
    ]);
  });
});

describe('expectations', () => {
  it("reads this repository's name, version, pinned Electron and native addons", () => {
    const expected = expectations(ROOT);
    expect(expected.name).toBe('merchant-desk');
    expect(expected.electron).toMatch(/^45\.\d+\.\d+$/);
    expect(expected.natives.map((n) => n.name)).toEqual(['better-sqlite3', 'keytar']);
    expect(expected.natives.every((n) => /^\d+\.\d+\.\d+$/.test(n.version))).toBe(true);
  });
});
