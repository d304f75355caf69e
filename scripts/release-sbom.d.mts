/** Types for scripts/release-sbom.mjs (plain JavaScript: the release job runs it with node alone). */
export interface SbomExpectations {
  name: string;
  version: string;
  electron: string;
  natives: { name: string; version: string }[];
}
export function expectations(root?: string): SbomExpectations;
export function completeSbom(
  bom: unknown,
  expected: SbomExpectations,
): { bom: Record<string, unknown>; problems: string[] };
