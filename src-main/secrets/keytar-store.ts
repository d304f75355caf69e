import { checkProfileId, checkSecret, SecretStoreError, type SecretStore } from './secret-store';

/** The part of keytar we use; tests pass a fake with the same shape. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export interface KeytarStoreOptions {
  service?: string;
  timeoutMs?: number;
  /** Loads keytar. Default: a dynamic import, so a machine without a keychain fails at use, not at start. */
  load?: () => Promise<KeytarLike>;
  platform?: NodeJS.Platform;
}

export function keychainHelp(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return 'Open Keychain Access, unlock the login keychain, and try again.';
  if (platform === 'win32')
    return 'Check that Windows Credential Manager is available for your user account, then try again.';
  return (
    'Merchant Desk keeps API keys in the system keyring through the Secret Service: install and unlock ' +
    'gnome-keyring (or KWallet with its Secret Service support), make sure it is running in your session, and try again.'
  );
}

async function defaultLoad(): Promise<KeytarLike> {
  const mod = (await import('keytar')) as unknown as KeytarLike & { default?: KeytarLike };
  return mod.default ?? mod;
}

// Messages libsecret/D-Bus give when there is no usable Secret Service at all (as opposed to one failing).
const UNAVAILABLE =
  /org\.freedesktop\.secrets|d-?bus|autolaunch|could not connect|not provided by any|no such (interface|object)|secret service/i;

function scrub(text: string, secret: string | undefined): string {
  return secret ? text.split(secret).join('[redacted]') : text;
}

export function createKeytarStore(options: KeytarStoreOptions = {}): SecretStore {
  const service = options.service ?? 'Merchant Desk';
  const timeoutMs = options.timeoutMs ?? 5000;
  const load = options.load ?? defaultLoad;
  const help = keychainHelp(options.platform);
  let loaded: Promise<KeytarLike> | undefined;

  function keytar(): Promise<KeytarLike> {
    // Only a successful load is cached: after the person installs a keyring, the next try can work.
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      const detail = error instanceof Error ? error.message : String(error);
      throw new SecretStoreError(
        'keychain-unavailable',
        `The system keychain is not available (${detail}). ${help}`,
      );
    });
    return loaded;
  }

  async function call<T>(what: string, run: (k: KeytarLike) => Promise<T>, secret?: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const maybe =
          what === 'save' || what === 'delete' ? ` It is not known whether the ${what} happened.` : '';
        reject(
          new SecretStoreError(
            'keychain-timeout',
            `The system keychain did not answer within ${Math.round(timeoutMs / 100) / 10} s while trying to ${what} the API key; it may be locked or waiting for a password prompt.${maybe} ${help}`,
          ),
        );
      }, timeoutMs);
    });
    const work = keytar().then(run);
    // A hung keychain call may still settle after we gave up; swallow that late result.
    work.catch(() => undefined);
    try {
      return await Promise.race([work, timeout]);
    } catch (error) {
      if (error instanceof SecretStoreError) throw error;
      const detail = scrub(error instanceof Error ? error.message : String(error), secret);
      const kind = UNAVAILABLE.test(detail) ? 'keychain-unavailable' : 'keychain-failed';
      throw new SecretStoreError(
        kind,
        `Could not ${what} the API key in the system keychain (${detail}). ${help}`,
      );
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async get(profileId) {
      const account = checkProfileId(profileId);
      return call('read', (k) => k.getPassword(service, account));
    },
    async set(profileId, secret) {
      const account = checkProfileId(profileId);
      const value = checkSecret(secret);
      await call('save', (k) => k.setPassword(service, account, value), value);
    },
    async delete(profileId) {
      const account = checkProfileId(profileId);
      return call('delete', (k) => k.deletePassword(service, account));
    },
    async has(profileId) {
      const account = checkProfileId(profileId);
      return (await call('read', (k) => k.getPassword(service, account))) !== null;
    },
  };
}
