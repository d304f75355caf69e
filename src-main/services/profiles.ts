import { mkdirSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { AppError, type ErrorKind } from '@shared/errors';
import { describeFieldErrors, zodFieldErrors } from '@shared/field-errors';
import {
  EMBEDDED_BASE_URL,
  Profile as ProfileSchema,
  ProfileInput as ProfileInputSchema,
  ProfilePatch as ProfilePatchSchema,
  SANDBOX_PROFILE_ID,
  type Profile,
  type ProfileInput,
  type ProfilePatch,
} from '@shared/domain/profile';
import { accountProfileId } from '@shared/domain/profile-account';
import { writeFileAtomic } from './atomic-file';
import {
  PROFILES_FILE_VERSION,
  ProfilesFileSchema,
  defaultSandboxProfile,
  type ProfilesFile,
} from './profiles-schema';

export type ProfileErrorKind = Extract<ErrorKind, `profile-${string}`>;

export class ProfileError extends AppError {
  declare readonly kind: ProfileErrorKind;

  constructor(kind: ProfileErrorKind, message: string, fieldErrors?: Record<string, string[]>) {
    super(kind, message, fieldErrors ? { fieldErrors } : {});
    this.name = 'ProfileError';
  }
}

export interface ProfileRecovery {
  movedTo: string;
  reason: string;
}

export interface ProfileStore {
  list(): Profile[];
  get(id: string): Profile;
  active(): Profile;
  setActive(id: string): Profile;
  create(input: ProfileInput): Profile;
  update(id: string, patch: ProfilePatch): Profile;
  /** Removes the profile; deleting its key from the SecretStore is the caller's next step. */
  remove(id: string): Profile;
  /**
   * Set when the file on disk was unreadable and was moved aside at start-up (defaults restored).
   * The store reports it through onWarning, which the app writes to its log; the window does not
   * show it yet.
   */
  readonly recovery: ProfileRecovery | null;
}

export interface ProfileStoreOptions {
  now?: () => Date;
  onWarning?: (message: string) => void;
}

export const PROFILES_FILE_NAME = 'profiles.json';

function invalid(error: z.ZodError): ProfileError {
  const fieldErrors = zodFieldErrors(error);
  return new ProfileError(
    'profile-invalid',
    `Invalid profile: ${describeFieldErrors(fieldErrors)}`,
    fieldErrors,
  );
}

function fresh(): ProfilesFile {
  return {
    version: PROFILES_FILE_VERSION,
    activeProfileId: SANDBOX_PROFILE_ID,
    profiles: [defaultSandboxProfile()],
  };
}

/** The profile's real base URL; the Sandbox one is known only once the embedded sandbox listens. */
export function resolveBaseUrl(profile: Profile, embeddedUrl?: string): string {
  if (profile.baseUrl !== EMBEDDED_BASE_URL) return profile.baseUrl;
  if (!embeddedUrl) throw new ProfileError('profile-invalid', 'The embedded sandbox is not running yet.');
  return embeddedUrl;
}

/**
 * Profiles in `<dir>/profiles.json`. Synchronous on purpose: the file is tiny, and running each
 * read-modify-write to completion means two IPC calls can never interleave and lose an update.
 */
export function createProfileStore(dir: string, options: ProfileStoreOptions = {}): ProfileStore {
  const now = options.now ?? (() => new Date());
  const file = join(dir, PROFILES_FILE_NAME);
  mkdirSync(dir, { recursive: true });
  let recovery: ProfileRecovery | null = null;
  let state = load();

  function load(): ProfilesFile {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      return save(fresh());
    }
    let raw: unknown;
    let reason: string;
    try {
      raw = JSON.parse(text);
      const parsed = ProfilesFileSchema.safeParse(raw);
      if (parsed.success) return ensureSandbox(parsed.data);
      reason = invalid(parsed.error).message;
    } catch (error) {
      reason = `not valid JSON (${(error as Error).message})`;
    }
    const version = (raw as { version?: unknown } | undefined)?.version;
    if (typeof version === 'number' && version > PROFILES_FILE_VERSION) {
      // Written by a newer Merchant Desk: leave it alone rather than "repair" data we do not understand.
      throw new ProfileError(
        'profile-newer-file',
        `${file} was written by a newer version of Merchant Desk; update the app.`,
      );
    }
    // Never overwrite what we cannot read: keep it for the person (or support) to look at.
    const movedTo = `${file}.corrupt-${now().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(file, movedTo);
    recovery = { movedTo, reason };
    options.onWarning?.(
      `Profiles file could not be read (${reason}); it was moved to ${movedTo} and defaults were restored.`,
    );
    return save(fresh());
  }

  function ensureSandbox(data: ProfilesFile): ProfilesFile {
    if (data.profiles.some((p) => p.id === SANDBOX_PROFILE_ID)) return data;
    return save({ ...data, profiles: [defaultSandboxProfile(), ...data.profiles] });
  }

  function save(next: ProfilesFile): ProfilesFile {
    const checked = ProfilesFileSchema.parse(next);
    writeFileAtomic(file, JSON.stringify(checked, null, 2) + '\n');
    return checked;
  }

  function find(id: string): Profile {
    const profile = state.profiles.find((p) => p.id === id);
    if (!profile) throw new ProfileError('profile-not-found', `No profile with id "${String(id)}".`);
    return profile;
  }

  function checkNameFree(name: string, exceptId?: string): void {
    const taken = state.profiles.some(
      (p) => p.id !== exceptId && p.name.toLowerCase() === name.toLowerCase(),
    );
    if (taken)
      throw new ProfileError('profile-conflict', `A profile named "${name}" already exists.`, {
        name: ['name is already used'],
      });
  }

  /**
   * One profile per merchant account: its id is the account's (accountProfileId), the same on every
   * desk, so a second profile for the account would need a second id that no other desk would have.
   */
  function checkAccountFree(
    environment: Profile['environment'],
    merchantId: string,
    exceptId?: string,
  ): string {
    const id = accountProfileId(environment, merchantId);
    const holder = state.profiles.find((p) => p.id === id && p.id !== exceptId);
    if (!holder) return id;
    const account = `merchant ID ${merchantId.trim()} (${environment})`;
    const message =
      holder.merchantId.trim() === merchantId.trim() && holder.environment === environment
        ? `This desk already has a profile for ${account}: “${holder.name}”. One profile per merchant account: edit that one.`
        : `This desk’s profile “${holder.name}” was made for ${account} and then changed to merchant ID ${holder.merchantId}; it still holds that account’s id. Change its merchant ID back, or remove it, before adding a profile for ${account}.`;
    throw new ProfileError('profile-conflict', message, { merchantId: [message] });
  }

  return {
    get recovery() {
      return recovery;
    },
    list: () => state.profiles.map((p) => ({ ...p })),
    get: (id) => ({ ...find(id) }),
    active: () => ({ ...find(state.activeProfileId) }),
    setActive(id) {
      const profile = find(id);
      state = save({ ...state, activeProfileId: profile.id });
      return { ...profile };
    },
    create(input) {
      const parsed = ProfileInputSchema.safeParse(input);
      if (!parsed.success) throw invalid(parsed.error);
      const id = checkAccountFree(parsed.data.environment, parsed.data.merchantId);
      checkNameFree(parsed.data.name);
      const profile: Profile = { id, ...parsed.data };
      state = save({ ...state, profiles: [...state.profiles, profile] });
      return { ...profile };
    },
    update(id, patch) {
      const current = find(id);
      const parsed = ProfilePatchSchema.safeParse(patch);
      if (!parsed.success) throw invalid(parsed.error);
      const merged = ProfileSchema.safeParse({ ...current, ...parsed.data });
      if (!merged.success) throw invalid(merged.error);
      checkNameFree(merged.data.name, id);
      if (merged.data.merchantId !== current.merchantId && id !== SANDBOX_PROFILE_ID)
        checkAccountFree(merged.data.environment, merged.data.merchantId, id);
      state = save({ ...state, profiles: state.profiles.map((p) => (p.id === id ? merged.data : p)) });
      return { ...merged.data };
    },
    remove(id) {
      const profile = find(id);
      if (profile.id === SANDBOX_PROFILE_ID)
        throw new ProfileError('profile-protected', 'The Sandbox profile cannot be removed.');
      const activeProfileId = state.activeProfileId === id ? SANDBOX_PROFILE_ID : state.activeProfileId;
      state = save({ ...state, activeProfileId, profiles: state.profiles.filter((p) => p.id !== id) });
      return { ...profile };
    },
  };
}
