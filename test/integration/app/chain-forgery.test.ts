import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppServices, type AppServices } from '@main/app/app-services';
import { createMemoryStore, type SecretStore } from '@main/secrets';
import { TRUSTED_EVENT } from '@test/helpers/app-harness';
import { createUserCheckStandIn } from '@test/helpers/user-check-stand-in';

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const ATTACKER = 'TAttackerAddressxxxxxxxxxxxxxxxxxx';
let dataDir: string;
let store: SecretStore;
let logs: string[];
let services: AppServices | undefined;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'md-forge-'));
  store = createMemoryStore();
  logs = [];
});
afterEach(async () => {
  await services?.dispose();
  services = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

/** The app on one data folder and one keychain, as it is started again and again on one machine. */
async function start() {
  services = await createAppServices({
    dataDir,
    appVersion: '0.0.0-test',
    ipcMain: { handle: () => {}, removeHandler: () => {} },
    isTrustedSender: (event) => event.sender?.id === 1,
    emit: () => {},
    openExternal: async () => false,
    confirm: async () => 'accepted',
    userCheck: createUserCheckStandIn().userCheck,
    secrets: store,
    sandboxOptions: { seed: 7, realTime: false },
    log: (line) => logs.push(line),
  });
  return services;
}

async function call(channel: string, request?: unknown) {
  const result = (await services!.router.dispatch(channel as never, request, TRUSTED_EVENT)) as {
    ok: boolean;
    data?: unknown;
    error?: unknown;
  };
  if (!result.ok) throw new Error(`${channel}: ${JSON.stringify(result.error)}`);
  return result.data as Record<string, unknown>;
}

/**
 * What someone who can write the database does: change a withdrawal's address and amount, put the
 * same change into every snapshot of it, and recompute every hash with the published (unkeyed) rule.
 */
function forge(file: string, { dropVersion }: { dropVersion: boolean }) {
  const db = new BetterSqlite3(file);
  const { request_body: body } = db.prepare('SELECT request_body FROM entries WHERE id = 1').get() as {
    request_body: string;
  };
  const forged = {
    to_address: ATTACKER,
    amount: '9999',
    request_body: body.replace(ADDRESS, ATTACKER).replace('"10"', '"9999"'),
  };
  db.prepare('UPDATE entries SET to_address = ?, amount = ?, request_body = ? WHERE id = 1').run(
    forged.to_address,
    forged.amount,
    forged.request_body,
  );
  let prev = '0'.repeat(64);
  const events = db.prepare('SELECT seq, content FROM events ORDER BY seq').all() as {
    seq: number;
    content: string;
  }[];
  for (const ev of events) {
    const parsed = JSON.parse(ev.content) as Record<string, unknown> & { row?: Record<string, unknown> };
    if (parsed.row && parsed.entryId === 1) Object.assign(parsed.row, forged);
    if (dropVersion) delete parsed.v;
    // The journal hashes JSON with sorted keys; so does the forger.
    const content = JSON.stringify(sortDeep(parsed));
    const hash = createHash('sha256').update(prev).update('\n').update(content).digest('hex');
    db.prepare('UPDATE events SET content = ?, prev_hash = ?, hash = ? WHERE seq = ?').run(
      content,
      prev,
      hash,
      ev.seq,
    );
    prev = hash;
  }
  db.close();
}

function sortDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortDeep);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((k) => [k, sortDeep((value as Record<string, unknown>)[k])]),
  );
}

describe('an edit by someone who can write the database', () => {
  it.each([
    ['re-hashed with the old rule', false],
    ['re-hashed with the old rule and marked as an old event', true],
  ])('changing a withdrawal’s address and amount is caught (%s)', async (_label, dropVersion) => {
    await start();
    const sent = await call('withdrawals:create', {
      coin: 'usdt',
      network: 'tron',
      amount: '10',
      to_address: ADDRESS,
    });
    expect(sent.outcome).toBe('accepted');
    expect(await call('journal:verify-chain')).toMatchObject({ ok: true });
    await services!.dispose();
    services = undefined;

    forge(join(dataDir, 'journal.sqlite'), { dropVersion });
    await start();
    const entry = (await call('journal:list', { limit: 5 })) as {
      entries: { fields: { toAddress: string; amount: string } }[];
    };
    expect(entry.entries[0]!.fields).toMatchObject({ toAddress: ATTACKER, amount: '9999' });
    const check = await call('journal:verify-chain');
    expect(check.ok).toBe(false);
    expect(String(check.brokenAt)).toMatch(/outside the app|sealed|old unsealed rule/);
  });

  it('is found at start-up by the check the desk runs in slices, before anyone asks', async () => {
    await start();
    await call('withdrawals:create', { coin: 'usdt', network: 'tron', amount: '10', to_address: ADDRESS });
    await services!.dispose();
    services = undefined;
    forge(join(dataDir, 'journal.sqlite'), { dropVersion: false });
    await start();
    await vi.waitFor(() =>
      expect(logs.join('\n')).toMatch(/journal chain check at start-up: broken \(event/),
    );
  });

  it('the Journal screen’s chain check says in words that the newest entries are gone', async () => {
    await start();
    for (const amount of ['10', '11'])
      await call('withdrawals:create', { coin: 'usdt', network: 'tron', amount, to_address: ADDRESS });
    await services!.dispose();
    services = undefined;
    const db = new BetterSqlite3(join(dataDir, 'journal.sqlite'));
    db.exec('DELETE FROM events WHERE entry_id = 2; DELETE FROM entries WHERE id = 2;');
    db.close();
    await start();
    const check = await call('journal:verify-chain');
    expect(check).toMatchObject({ ok: false, brokenEntry: null, checked: 0, head: null });
    // Entry 2's begin, settle and the rate it was valued at (issue 29).
    expect(check.reason).toMatch(/the newest 3 were deleted, or an older copy of the journal was put back/);
    expect(check.brokenAt).toBe(check.reason);
    expect(logs.join('\n')).toContain(String(check.reason));
  });

  it('the chain key never appears in an answer, a log line or the database', async () => {
    await start();
    await call('withdrawals:create', { coin: 'usdt', network: 'tron', amount: '10', to_address: ADDRESS });
    const answers = JSON.stringify([
      await call('journal:verify-chain'),
      await call('journal:list', { limit: 5 }),
      await call('journal:entry', { id: '1' }),
    ]);
    await services!.dispose();
    services = undefined;
    const key = await store.get('journal-chain-key');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(answers).not.toContain(key!);
    expect(logs.join('\n')).not.toContain(key!);
    expect(readFileSync(join(dataDir, 'journal.sqlite')).toString('latin1')).not.toContain(key!);
    expect(readFileSync(join(dataDir, 'journal.sqlite')).includes(Buffer.from(key!, 'hex'))).toBe(false);
  });

  it('the renderer cannot delete or replace the journal’s keychain accounts', async () => {
    await start();
    const key = await store.get('journal-chain-key');
    for (const profileId of ['journal-chain-key', 'journal-chain-head']) {
      const deleted = (await services!.router.dispatch('secrets:delete', { profileId }, TRUSTED_EVENT)) as {
        ok: boolean;
      };
      expect(deleted.ok).toBe(false);
    }
    expect(await store.get('journal-chain-key')).toBe(key);
    expect(await store.get('journal-chain-head')).toMatch(/^v2;/);
  });
});
