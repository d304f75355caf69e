// Completes and checks the CycloneDX SBOM the release workflow makes with @cyclonedx/cyclonedx-npm
// (the npm packages the app ships: `--omit dev`). That tool sees only the npm tree, where Electron is
// a devDependency; but Electron (and the Chromium and Node inside it) is the runtime every installer
// carries, so it is added here as a framework component the app depends on. The check then fails the
// release when the SBOM is not about this app and version, or misses a native addon it ships.
//
// `node scripts/release-sbom.mjs <sbom.json>` rewrites the file in place; exits 1 with the reasons.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nativePackages } from './check-native-source.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** What the SBOM must describe, read from this repository: its name, version, Electron and addons. */
export function expectations(root = ROOT) {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  const versionOf = (name) => lock.packages?.[`node_modules/${name}`]?.version;
  return {
    name: pkg.name,
    version: pkg.version,
    electron: versionOf('electron'),
    natives: nativePackages(join(root, 'package-lock.json')).map((name) => ({
      name,
      version: versionOf(name),
    })),
  };
}

/** Returns `{ bom, problems }`: the SBOM with Electron added (once), and what is wrong with it. */
export function completeSbom(bom, expected) {
  const problems = [];
  if (bom?.bomFormat !== 'CycloneDX') return { bom, problems: ['not a CycloneDX document'] };
  const root = bom.metadata?.component;
  if (root?.name !== expected.name || root?.version !== expected.version)
    problems.push(`describes ${root?.name}@${root?.version}, not ${expected.name}@${expected.version}`);
  const components = Array.isArray(bom.components) ? bom.components : [];
  for (const { name, version } of expected.natives) {
    if (!components.some((c) => c.name === name && c.version === version))
      problems.push(`lists no ${name}@${version}, a native addon every installer ships`);
  }
  const ref = `${expected.name}@${expected.version}|electron@${expected.electron}`;
  const electron = {
    type: 'framework',
    name: 'electron',
    version: expected.electron,
    'bom-ref': ref,
    purl: `pkg:npm/electron@${expected.electron}`,
    licenses: [{ license: { id: 'MIT' } }],
    properties: [{ name: 'merchant-desk:shipped-as', value: 'the runtime inside every installer' }],
  };
  const next = structuredClone(bom);
  next.components = [...components.filter((c) => c.name !== 'electron'), electron];
  const dependencies = Array.isArray(next.dependencies) ? next.dependencies : [];
  const rootRef = root?.['bom-ref'];
  const rootEntry = dependencies.find((d) => d.ref === rootRef);
  if (rootEntry) rootEntry.dependsOn = [...new Set([...(rootEntry.dependsOn ?? []), ref])];
  else if (rootRef) dependencies.push({ ref: rootRef, dependsOn: [ref] });
  if (!dependencies.some((d) => d.ref === ref)) dependencies.push({ ref });
  next.dependencies = dependencies;
  return { bom: next, problems };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const path = process.argv[2];
  if (!path) {
    console.error('usage: node scripts/release-sbom.mjs <sbom.json>');
    process.exit(2);
  }
  const expected = expectations();
  const { bom, problems } = completeSbom(JSON.parse(readFileSync(path, 'utf8')), expected);
  if (problems.length > 0) {
    for (const problem of problems) console.error(`release-sbom: ${path} ${problem}`);
    process.exit(1);
  }
  writeFileSync(path, `${JSON.stringify(bom, null, 2)}\n`);
  console.log(
    `release-sbom: ${path}: ${bom.components.length} components, Electron ${expected.electron} added, ` +
      `${expected.natives.map((n) => n.name).join(' and ')} present.`,
  );
}
