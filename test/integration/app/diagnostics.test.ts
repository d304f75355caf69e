import { unzipSync } from 'fflate';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhookBody } from '@main/protocol/signing';
import { logDirOf, openFileLog } from '@main/app/logging/file-log';
import { CHAIN_KEY_ACCOUNT } from '@main/storage/chain-seal';
import { createMemoryStore, type SecretStore } from '@main/secrets';
import { startAppHarness, type AppHarness } from '@test/helpers/app-harness';

// Distinctive, so any copy anywhere is found by a plain byte search.
const KEY = 'sk_live_DIAG_NEVER_EXPORT_3b9f0e7a';
/** A second secret in the keychain that this run never loads: only the export's own check knows it. */
const OTHER_KEY = 'whsec_DIAG_OTHER_PROFILE_c41d22';

let app: AppHarness;
let keychain: SecretStore;
let saveDir: string;
let otherId: string;

beforeAll(async () => {
  keychain = createMemoryStore();
  saveDir = mkdtempSync(join(tmpdir(), 'md-diag-save-'));
  let next = 0;
  app = await startAppHarness({
    secrets: keychain,
    chooseDiagnosticsPath: async (name) => {
      expect(name).toMatch(/^merchant-desk-diagnostics-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}\.zip$/);
      return join(saveDir, `export-${++next}.zip`);
    },
  });
  app.sandbox.control.addMerchant({ id: 'acme-diag', apiKey: KEY, balances: { 'usdt:tron': '100' } });
  const profile = await app.ok('profiles:create', {
    name: 'Acme diagnostics',
    environment: 'sandbox',
    baseUrl: app.sandbox.url,
    merchantId: 'acme-diag',
  });
  await app.ok('secrets:set', { profileId: profile.id, apiKey: KEY });
  await app.ok('profiles:activate', { id: profile.id });
  await app.call('invoices:create', { order_id: 'D-1', amount: '10' });
  await app.call('invoices:create', { order_id: 'D-2', amount: '12' });
  // A profile whose key sits in the keychain but was never loaded; its name even quotes the key
  // (pasted in the wrong field): the export must still not carry it.
  const other = await app.ok('profiles:create', {
    name: `Old ${OTHER_KEY}`,
    environment: 'live',
    baseUrl: 'https://pay.example.com',
    merchantId: 'acme-old',
  });
  otherId = other.id;
  await keychain.set(otherId, OTHER_KEY);
}, 60_000);

afterAll(async () => {
  await app.dispose();
});

/** Every secret-shaped value the desk holds in this test, each as the bytes a search looks for. */
async function secrets(): Promise<string[]> {
  const chainKey = await keychain.get(CHAIN_KEY_ACCOUNT);
  expect(chainKey).toMatch(/^[0-9a-f]{64}$/);
  return [KEY, OTHER_KEY, chainKey!, signWebhookBody('{"event":"x"}', KEY)];
}

describe('Help → Export diagnostics', () => {
  it('writes a zip with the logs, versions, chain status, counts, profiles and settings, and no secret', async () => {
    const logDir = logDirOf(app.dataDir);
    const signature = signWebhookBody('{"event":"x"}', KEY);
    // Today's log, through the redacting file log; and an older archive written before redaction
    // existed, holding every secret raw.
    openFileLog({ dir: logDir }).write(`webhook verified, X-Signature: ${signature}`);
    const chainKey = (await keychain.get(CHAIN_KEY_ACCOUNT))!;
    writeFileSync(
      join(logDir, 'main.1.log'),
      `old line key ${KEY}\nold line other ${OTHER_KEY}\nchain ${chainKey}\nsig ${signature}\n`,
    );

    const result = await app.ok('diagnostics:export');
    expect(result.path).toBe(join(saveDir, 'export-1.zip'));
    const zip = readFileSync(result.path!);
    expect(result.bytes).toBe(zip.length);

    const files = unzipSync(new Uint8Array(zip));
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'about.json',
        'journal.json',
        'logs/main.1.log',
        'logs/main.log',
        'profiles.json',
        'settings.json',
      ].sort(),
    );
    expect(result.files.sort()).toEqual(Object.keys(files).sort());
    const text = (name: string) => new TextDecoder().decode(files[name]);
    const json = (name: string) => JSON.parse(text(name)) as Record<string, unknown>;

    // Search every byte: the zip as written and every file in it.
    for (const secret of await secrets()) {
      expect(zip.includes(Buffer.from(secret)), `zip bytes hold ${secret.slice(0, 12)}…`).toBe(false);
      for (const [name, bytes] of Object.entries(files))
        expect(
          Buffer.from(bytes).includes(Buffer.from(secret)),
          `${name} holds ${secret.slice(0, 12)}…`,
        ).toBe(false);
    }

    const about = json('about.json');
    expect(about).toMatchObject({
      version: '0.0.0-test',
      electron: null,
      chromium: null,
      node: process.versions.node,
      dataDir: app.dataDir,
    });
    expect(String(about.os)).toContain(process.platform);

    const journal = json('journal.json') as {
      chain: { ok: boolean; events: number; head: string };
      entries: { total: number; byState: Record<string, number> };
    };
    expect(journal.chain.ok).toBe(true);
    // The chain head is a hash, not a secret: support compares it with an export's head file.
    expect(journal.chain.head).toMatch(/^[0-9a-f]{64}$/);
    expect(journal.entries.total).toBe(2);
    expect(journal.entries.byState).toMatchObject({ accepted: 2, unknown: 0, sending: 0, rejected: 0 });

    const profiles = json('profiles.json') as {
      activeId: string;
      profiles: Array<{ id: string; name: string; keyStored: boolean | null; merchantId: string }>;
    };
    expect(profiles.profiles.map((p) => p.id)).toContain(otherId);
    expect(profiles.profiles.find((p) => p.id === profiles.activeId)).toMatchObject({
      merchantId: 'acme-diag',
      keyStored: true,
    });
    expect(profiles.profiles.find((p) => p.id === otherId)?.name).toBe('Old [redacted]');
    expect(json('settings.json')).toEqual({ notifications: { enabled: true } });

    expect(text('logs/main.log')).toContain('webhook verified, X-Signature: [redacted]');
    expect(text('logs/main.1.log')).toContain('old line key [redacted]');
    expect(text('logs/main.1.log')).toContain('old line other [redacted]');
  });

  it('writes nothing when the save dialog is cancelled', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-diag-cancel-'));
    const cancelled = await startAppHarness({ chooseDiagnosticsPath: async () => null });
    try {
      expect(await cancelled.ok('diagnostics:export')).toEqual({ path: null, files: [], bytes: 0 });
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      await cancelled.dispose();
    }
  });

  it('a failure part-way leaves the previous file whole and no temp file behind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-diag-fail-'));
    const target = join(dir, 'diagnostics.zip');
    writeFileSync(target, 'previous export');
    const failing = await startAppHarness({ chooseDiagnosticsPath: async () => target });
    try {
      // A log "file" that cannot be read: the export stops while it collects.
      mkdirSync(join(logDirOf(failing.dataDir), 'main.2.log'), { recursive: true });
      const result = await failing.call('diagnostics:export');
      expect(result.ok).toBe(false);
      expect(readFileSync(target, 'utf8')).toBe('previous export');
      expect(readdirSync(dir)).toEqual(['diagnostics.zip']);
    } finally {
      await failing.dispose();
    }
  });

  it('a folder that cannot be written to is said in plain words and leaves no file', async () => {
    const target = join(mkdtempSync(join(tmpdir(), 'md-diag-missing-')), 'gone', 'diagnostics.zip');
    const failing = await startAppHarness({ chooseDiagnosticsPath: async () => target });
    try {
      const result = await failing.call('diagnostics:export');
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.message).toMatch(/could not be saved to .*Choose a folder/);
      expect(existsSync(target)).toBe(false);
    } finally {
      await failing.dispose();
    }
  });
});

describe('Help → About', () => {
  it('says the version, the runtime and the data folder; Electron and Chromium are absent in plain Node', async () => {
    const about = await app.ok('app:about');
    expect(about).toEqual({
      version: '0.0.0-test',
      electron: null,
      chromium: null,
      node: process.versions.node,
      os: expect.stringContaining(process.platform),
      dataDir: app.dataDir,
      logDir: logDirOf(app.dataDir),
    });
  });
});
