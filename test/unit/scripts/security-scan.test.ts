import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface Finding {
  check: string;
  severity: string;
  file: string;
  location: string;
  sample: string;
}
interface AllowEntry {
  check: string;
  file: string;
  sample?: string;
  reason: string;
}
interface ScanModule {
  toFindings(issues: unknown[], prefix: string): Finding[];
  readAllowlist(json: string): AllowEntry[];
  triage(
    findings: Finding[],
    allowlist: AllowEntry[],
  ): {
    blocking: Finding[];
    allowed: Array<Finding & { reason: string }>;
    minor: Finding[];
    unused: AllowEntry[];
  };
}

const scriptUrl = new URL('../../../scripts/security-scan.mjs', import.meta.url).href;
const scan = async () => (await import(/* @vite-ignore */ scriptUrl)) as ScanModule;

// The shape Electronegativity 1.10.3's runner returns its issues in (trimmed to what the wrapper reads).
const issue = (id: string, severity: string, file: string | undefined, line: number, sample?: string) => ({
  id,
  severity: { value: 0, name: severity, format: () => severity },
  confidence: { value: 0, name: 'FIRM', format: () => 'FIRM' },
  file,
  location: { line, column: 4 },
  sample,
  description: `about ${id}`,
});
const ISSUES = [
  issue('CSP_GLOBAL_CHECK', 'LOW', 'main/index.js', 7208),
  issue('OPEN_EXTERNAL_JS_CHECK', 'MEDIUM', 'main/index.js', 4759, 'opened: await deps.openExternal(url)'),
  issue('CONTEXT_ISOLATION_JS_CHECK', 'HIGH', 'main/index.js', 7280, 'mainWindow = new BrowserWindow({'),
  issue('LIMIT_NAVIGATION_GLOBAL_CHECK', 'HIGH', undefined, 0),
];

describe('the security scan wrapper', () => {
  it("reads the runner's issues into findings named by the repository's paths", async () => {
    const { toFindings } = await scan();
    const findings = toFindings(ISSUES, 'out');
    expect(findings).toHaveLength(4);
    expect(findings[1]).toEqual({
      check: 'OPEN_EXTERNAL_JS_CHECK',
      severity: 'MEDIUM',
      confidence: 'FIRM',
      file: 'out/main/index.js',
      location: '4759:4',
      sample: 'opened: await deps.openExternal(url)',
      description: 'about OPEN_EXTERNAL_JS_CHECK',
    });
    expect(findings[3]).toMatchObject({ file: 'out/(whole app)', severity: 'HIGH', sample: 'N/A' });
  });

  it('blocks a finding whose severity it does not know, rather than passing it', async () => {
    const { toFindings, triage } = await scan();
    const odd = toFindings([issue('NEW_CHECK', 'CRITICAL', 'a.js', 1), { id: 'BARE' }], 'out');
    expect(triage(odd, []).blocking.map((f) => [f.check, f.severity])).toEqual([
      ['NEW_CHECK', 'CRITICAL'],
      ['BARE', 'UNKNOWN'],
    ]);
  });

  it('blocks high and medium findings unless an entry justifies that check, file and code', async () => {
    const { toFindings, triage } = await scan();
    const findings = toFindings(ISSUES, 'out');
    const entry = {
      check: 'OPEN_EXTERNAL_JS_CHECK',
      file: 'out/main/index.js',
      sample: 'deps.openExternal(url)',
      reason: 'checked',
    };
    const result = triage(findings, [entry]);
    expect(result.minor.map((f) => f.check)).toEqual(['CSP_GLOBAL_CHECK']);
    expect(result.allowed.map((f) => [f.check, f.reason])).toEqual([['OPEN_EXTERNAL_JS_CHECK', 'checked']]);
    expect(result.blocking.map((f) => f.check)).toEqual([
      'CONTEXT_ISOLATION_JS_CHECK',
      'LIMIT_NAVIGATION_GLOBAL_CHECK',
    ]);
    // The same check elsewhere, or other code in the same file, is not covered by the entry.
    expect(triage(findings, [{ ...entry, file: 'src-main/index.ts' }]).blocking).toHaveLength(3);
    expect(triage(findings, [{ ...entry, sample: 'shell.openExternal(url)' }]).unused).toHaveLength(1);
  });

  it('needs a check, a file and a reason in every allowlist entry', async () => {
    const { readAllowlist } = await scan();
    expect(() => readAllowlist('{}')).toThrow(/array/);
    expect(() => readAllowlist('[{"check":"X","file":"a.js"}]')).toThrow(/"reason"/);
    expect(() => readAllowlist('[{"check":"X","file":"a.js","reason":" "}]')).toThrow(/"reason"/);
    const committed = readFileSync(
      new URL('../../../scripts/security-scan-allowlist.json', import.meta.url),
      'utf8',
    );
    expect(readAllowlist(committed).length).toBeGreaterThan(0);
  });
});
