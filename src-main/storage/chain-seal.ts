import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { SecretStoreError, type SecretStore } from '../secrets';

/**
 * Keychain accounts of the journal (beside the profiles' keys, whose ids are `m-…`, `sandbox`, and `p-…`
 * for profiles made before ids named merchant accounts).
 */
export const CHAIN_KEY_ACCOUNT = 'journal-chain-key';
export const CHAIN_ANCHOR_ACCOUNT = 'journal-chain-head';

/**
 * The last state of the chain this desk saw, kept outside the database: how many events, the newest
 * hash, and how many events at the start follow the old unsealed rule. A journal with fewer events, or
 * another event at that place, was cut short or replaced by an older copy.
 */
export interface ChainAnchor {
  count: number;
  head: string;
  legacy: number;
}

/** What openJournal needs from the keychain; loaded before it, since the keychain answers later. */
export interface JournalChain {
  key: Buffer;
  anchor: ChainAnchor | null;
  /** The key was not in the keychain and was made now. */
  keyCreated: boolean;
  /**
   * The person chose to move the journal aside and start fresh (recordFreshStart): `anchor` is then
   * the old journal's last state, which a new, empty journal cites in its first sealed event.
   */
  freshStart: boolean;
  /** Remembers the new head (written to the keychain in the background, newest wins). */
  saveAnchor(anchor: ChainAnchor): void;
  /** Resolves once the newest anchor is in the keychain. */
  flush(): Promise<void>;
}

const ANCHOR = /^v2;(\d{1,15});([0-9a-f]{64});(\d{1,15})$/;
const KEY = /^[0-9a-f]{64}$/;

export const formatAnchor = (a: ChainAnchor) => `v2;${a.count};${a.head};${a.legacy}`;

function parseAnchor(text: string | null): ChainAnchor | null {
  const m = text === null ? null : ANCHOR.exec(text);
  return m ? { count: Number(m[1]), head: m[2]!, legacy: Number(m[3]) } : null;
}

// A fresh start's anchor: the old anchor and an HMAC over it with the chain key, so it cannot be made
// by anyone without the key (a fresh start accepts an empty journal where the old one stood).
const FRESH = /^fresh;(v2;[^;]+;[^;]+;[^;]+);([0-9a-f]{64})$/;
const freshMac = (key: Buffer, anchor: string) =>
  createHmac('sha256', key).update('merchant-desk journal fresh start\n').update(anchor).digest();

function parseFresh(key: Buffer, text: string | null): ChainAnchor | null {
  const m = text === null ? null : FRESH.exec(text);
  if (!m) return null;
  const mac = Buffer.from(m[2]!, 'hex');
  return timingSafeEqual(mac, freshMac(key, m[1]!)) ? parseAnchor(m[1]!) : null;
}

/**
 * Called when the person chose to move the journal aside and start fresh, before it is moved: the
 * keychain's anchor becomes a sealed fresh start citing the old journal's last state. Without it the
 * new journal would look like the old one cut to nothing, and its anchor would never advance.
 */
export async function recordFreshStart(keychain: SecretStore): Promise<boolean> {
  const hex = await keychain.get(CHAIN_KEY_ACCOUNT);
  const anchor = parseAnchor(await keychain.get(CHAIN_ANCHOR_ACCOUNT));
  if (hex === null || !KEY.test(hex) || !anchor) return false;
  const text = formatAnchor(anchor);
  const mac = freshMac(Buffer.from(hex, 'hex'), text).toString('hex');
  await keychain.set(CHAIN_ANCHOR_ACCOUNT, `fresh;${text};${mac}`);
  return true;
}

/**
 * Reads (or creates, on first use) the journal's chain key and its anchor from the keychain. The key
 * stays in this closure and the returned Buffer; nothing here logs or returns it as text.
 */
async function loadFrom(store: SecretStore, log: (line: string) => void): Promise<JournalChain> {
  const stored = await store.get(CHAIN_KEY_ACCOUNT);
  let keyCreated = false;
  let hex = stored !== null && KEY.test(stored) ? stored : null;
  if (hex === null) {
    if (stored !== null)
      log('journal: the chain key in the keychain is not one this desk made; making a new one');
    hex = randomBytes(32).toString('hex');
    await store.set(CHAIN_KEY_ACCOUNT, hex);
    keyCreated = true;
  }
  const anchorText = await store.get(CHAIN_ANCHOR_ACCOUNT);
  const fresh = parseFresh(Buffer.from(hex, 'hex'), anchorText);
  const anchor = fresh ?? parseAnchor(anchorText);

  let latest: ChainAnchor | null = null;
  let running: Promise<void> = Promise.resolve();
  function saveAnchor(next: ChainAnchor) {
    const queued = latest !== null;
    latest = next;
    if (queued) return;
    running = running.then(async () => {
      const value = latest;
      latest = null;
      if (!value) return;
      try {
        await store.set(CHAIN_ANCHOR_ACCOUNT, formatAnchor(value));
      } catch (error) {
        log(`journal: could not record the chain head in the keychain: ${(error as Error).message}`);
      }
    });
  }
  const chain = {
    anchor,
    keyCreated,
    freshStart: fresh !== null,
    saveAnchor,
    // A pending anchor always has its write queued on `running`.
    flush: () => running,
  };
  // Not enumerable: logging or serialising the chain by mistake shows no key.
  return Object.defineProperty(chain, 'key', {
    value: Buffer.from(hex, 'hex'),
    enumerable: false,
  }) as JournalChain;
}

/**
 * Where the seal lives when there is no usable keychain: a file beside the journal, readable by this
 * user only. It keeps the key the same from run to run (so the history stays checkable), but someone
 * who can write the journal can usually read it too, which the log says. Used only while the keychain
 * is not available; once it is, the file's key moves into it (adoptFile).
 */
function fileStore(file: string): SecretStore {
  const read = (): Record<string, string> =>
    existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  return {
    get: async (account) => read()[account] ?? null,
    set: async (account, value) => {
      const temp = `${file}.tmp`;
      writeFileSync(temp, JSON.stringify({ ...read(), [account]: value }), { mode: 0o600 });
      renameSync(temp, file);
    },
    delete: async () => false,
    has: async (account) => account in read(),
  };
}

const NO_KEYCHAIN = new Set(['keychain-unavailable', 'keychain-timeout']);

/**
 * A seal file left from a time the keychain was not available, while the keychain now is and holds no
 * key yet: its key and anchor move into the keychain (so the journal it sealed stays checkable), and
 * the file is renamed so it is not read again. A file that cannot be read is left alone and said so.
 */
async function adoptFile(keychain: SecretStore, file: string, log: (line: string) => void): Promise<void> {
  try {
    const old = fileStore(file);
    const key = await old.get(CHAIN_KEY_ACCOUNT);
    const anchor = await old.get(CHAIN_ANCHOR_ACCOUNT);
    if (key === null || !KEY.test(key)) throw new Error('it holds no key this desk made');
    await keychain.set(CHAIN_KEY_ACCOUNT, key);
    if (anchor !== null) await keychain.set(CHAIN_ANCHOR_ACCOUNT, anchor);
    renameSync(file, `${file}.moved-to-keychain`);
    log('journal: the seal kept in a file while the keychain was not available now lives in the keychain');
  } catch (error) {
    if (error instanceof SecretStoreError) throw error;
    log(`journal: the seal file beside the journal was not used: ${(error as Error).message}`);
  }
}

/**
 * Reads (or creates, on first use) the journal's chain key and anchor: from the keychain, or from
 * `fallbackFile` only while the keychain is not available. A file in the data folder never overrides
 * the keychain: anyone who can write that folder could plant one with a key of their own and a forged
 * journal sealed with it.
 */
export async function loadJournalChain(
  keychain: SecretStore,
  fallbackFile: string,
  log: (line: string) => void = () => {},
): Promise<JournalChain> {
  let keychainHasKey = false;
  try {
    keychainHasKey = (await keychain.get(CHAIN_KEY_ACCOUNT)) !== null;
    if (existsSync(fallbackFile)) {
      if (keychainHasKey)
        log(
          'journal: a seal file lies beside the journal, but the keychain holds the journal key; the file is ignored',
        );
      else await adoptFile(keychain, fallbackFile, log);
    }
    return await loadFrom(keychain, log);
  } catch (error) {
    // Once the keychain has answered with a key, nothing falls back to a file.
    if (keychainHasKey || !(error instanceof SecretStoreError) || !NO_KEYCHAIN.has(error.kind)) throw error;
    log(
      'journal: the system keychain is not available, so the journal is sealed with a key in a file beside it; ' +
        'this catches damage, but not someone who can read that folder',
    );
    return loadFrom(fileStore(fallbackFile), log);
  }
}

const RESERVED = new Set([CHAIN_KEY_ACCOUNT, CHAIN_ANCHOR_ACCOUNT].flatMap((a) => [a, `${a}-binding`]));

/**
 * The keychain as the profiles see it: the journal's accounts are not theirs to read, replace or
 * delete (a profile id from an edited profiles.json, or a renderer's `secrets:delete`, could name them).
 */
export function withoutJournalAccounts(store: SecretStore): SecretStore {
  const check = (account: string) => {
    if (RESERVED.has(account))
      throw new SecretStoreError(
        'keychain-invalid',
        'Invalid profile id: this name is reserved for the journal.',
      );
    return account;
  };
  return {
    get: (account) => store.get(check(account)),
    set: (account, secret) => store.set(check(account), secret),
    delete: (account) => store.delete(check(account)),
    has: (account) => store.has(check(account)),
  };
}
