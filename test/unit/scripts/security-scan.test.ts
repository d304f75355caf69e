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
  parseCsv(text: string): string[][];
  parseFindings(csv: string, prefix: string): Finding[];
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

// The shape Electronegativity 1.10.3 writes: spaced header, quoted cells, doubled quotes in code samples.
const CSV = [
  'issue, severity, confidence, filename, location, sample, description, url',
  'CSP_GLOBAL_CHECK,"LOW","TENTATIVE","main/index.js","7208:13",N/A,"Failed to parse CSP, it may not be valid.",https://x/CSP',
  'OPEN_EXTERNAL_JS_CHECK,"MEDIUM","TENTATIVE","main/index.js","4759:61","""shell:open-checkout"": async ({ url }) => ({ opened: await deps.openExternal(url) })","Review the use of openExternal",https://x/OE',
  'CONTEXT_ISOLATION_JS_CHECK,"HIGH","FIRM","main/index.js","7280:14","mainWindow = new BrowserWindow({","Review the use of the contextIsolation option",https://x/CI',
  'LIMIT_NAVIGATION_GLOBAL_CHECK,"HIGH","CERTAIN","N/A","0:0",N/A,"Missing navigation limits, e.g. will-navigate",https://x/LN',
  '',
].join('\n');

describe('the security scan wrapper', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks', async () => {
    const { parseCsv } = await scan();
    expect(parseCsv('a,"b, c","say ""hi"""\r\n"multi\nline",,x\n')).toEqual([
      ['a', 'b, c', 'say "hi"'],
      ['multi\nline', '', 'x'],
    ]);
  });

  it("reads Electronegativity's CSV into findings named by the repository's paths", async () => {
    const { parseFindings } = await scan();
    const findings = parseFindings(CSV, 'out');
    expect(findings).toHaveLength(4);
    expect(findings[1]).toMatchObject({
      check: 'OPEN_EXTERNAL_JS_CHECK',
      severity: 'MEDIUM',
      file: 'out/main/index.js',
      location: '4759:61',
      sample: '"shell:open-checkout": async ({ url }) => ({ opened: await deps.openExternal(url) })',
    });
    expect(findings[3]).toMatchObject({ file: 'out/(whole app)', severity: 'HIGH' });
  });

  it('refuses a CSV whose columns it does not know, rather than passing silently', async () => {
    const { parseFindings } = await scan();
    expect(() => parseFindings('issue, level, filename\nX,HIGH,a.js\n', 'out')).toThrow(
      /no "severity" column/,
    );
    expect(() => parseFindings('', 'out')).toThrow(/no CSV header/);
  });

  it('blocks high and medium findings unless an entry justifies that check, file and code', async () => {
    const { parseFindings, triage } = await scan();
    const findings = parseFindings(CSV, 'out');
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
