import { create } from 'zustand';
import type { ProfileInput, ProfilePatch } from '@contract';
import { ApiKey } from '@shared/domain/api-key';
import { callMerchant, fieldErrorsOf, type ErrorInfo } from '../../lib/ipc';
import { useShellStore } from '../../shell/shell-store';

export interface LiveProfileDraft {
  name: string;
  baseUrl: string;
  merchantId: string;
  /** Held only until the keychain confirms it; then emptied. Never written anywhere else. */
  apiKey: string;
}

export const EMPTY_DRAFT: LiveProfileDraft = { name: '', baseUrl: '', merchantId: '', apiKey: '' };

/** The one API-key rule (the contract's), checked before a profile is created so a typo does not leave it half-set-up. */
export function apiKeyProblem(key: string): string | null {
  const parsed = ApiKey.safeParse(key);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'is not a valid API key');
}

export interface SettingsState {
  draft: LiveProfileDraft;
  /** Set when the profile was created but its key was not stored yet: a retry stores the key only. */
  pendingProfileId: string | null;
  creating: boolean;
  createError: ErrorInfo | null;
  createFieldErrors: Record<string, string>;
  created: string | null;
  keyStored: Record<string, boolean>;
  keyDrafts: Record<string, string>;
  keyErrors: Record<string, ErrorInfo | null>;
  keyBusy: Record<string, boolean>;
  profileErrors: Record<string, ErrorInfo | null>;
  savingProfile: string | null;
  setDraft: (field: keyof LiveProfileDraft, value: string) => void;
  createLiveProfile: () => Promise<boolean>;
  loadKeyStatus: (profileId: string) => Promise<void>;
  setKeyDraft: (profileId: string, value: string) => void;
  storeKey: (profileId: string) => Promise<boolean>;
  deleteKey: (profileId: string) => Promise<boolean>;
  updateProfile: (id: string, patch: ProfilePatch) => Promise<boolean>;
}

export const useSettingsStore = create<SettingsState>()((set, get) => {
  const patchMap = <K extends 'keyStored' | 'keyDrafts' | 'keyErrors' | 'keyBusy' | 'profileErrors'>(
    key: K,
    id: string,
    value: SettingsState[K][string],
  ) => set((s) => ({ [key]: { ...s[key], [id]: value } }) as Partial<SettingsState>);

  /** Sends the key; on success the only copy in the renderer is wiped. */
  const sendKey = async (profileId: string, apiKey: string) => {
    const result = await callMerchant((api) => api.secrets.set({ profileId, apiKey }));
    if (result.ok) patchMap('keyStored', profileId, result.data.stored);
    return result;
  };

  return {
    draft: EMPTY_DRAFT,
    pendingProfileId: null,
    creating: false,
    createError: null,
    createFieldErrors: {},
    created: null,
    keyStored: {},
    keyDrafts: {},
    keyErrors: {},
    keyBusy: {},
    profileErrors: {},
    savingProfile: null,

    setDraft: (field, value) => set((s) => ({ draft: { ...s.draft, [field]: value }, created: null })),

    createLiveProfile: async () => {
      const { draft } = get();
      const keyProblem = apiKeyProblem(draft.apiKey);
      if (keyProblem) {
        set({ createError: null, createFieldErrors: { apiKey: `This ${keyProblem}.` }, created: null });
        return false;
      }
      set({ creating: true, createError: null, createFieldErrors: {}, created: null });
      let profileId = get().pendingProfileId;
      if (!profileId) {
        const input: ProfileInput = {
          name: draft.name,
          environment: 'live',
          baseUrl: draft.baseUrl,
          merchantId: draft.merchantId,
        };
        const created = await callMerchant((api) => api.profiles.create(input));
        if (!created.ok) {
          set({
            creating: false,
            createError: created.error,
            createFieldErrors: fieldErrorsOf(created.error),
          });
          return false;
        }
        profileId = created.data.id;
        set({ pendingProfileId: profileId });
        void useShellStore.getState().loadProfiles();
      }
      const stored = await sendKey(profileId, draft.apiKey);
      if (!stored.ok) {
        // The profile exists; keep the typed key so the user can fix the keychain and press save again.
        set({ creating: false, createError: stored.error, createFieldErrors: fieldErrorsOf(stored.error) });
        return false;
      }
      set({ creating: false, draft: EMPTY_DRAFT, pendingProfileId: null, created: draft.name });
      return true;
    },

    loadKeyStatus: async (profileId) => {
      const result = await callMerchant((api) => api.secrets.status({ profileId }));
      if (result.ok) patchMap('keyStored', profileId, result.data.stored);
      else patchMap('keyErrors', profileId, result.error);
    },

    setKeyDraft: (profileId, value) => patchMap('keyDrafts', profileId, value),

    storeKey: async (profileId) => {
      patchMap('keyBusy', profileId, true);
      patchMap('keyErrors', profileId, null);
      const result = await sendKey(profileId, get().keyDrafts[profileId] ?? '');
      patchMap('keyBusy', profileId, false);
      if (!result.ok) patchMap('keyErrors', profileId, result.error);
      else patchMap('keyDrafts', profileId, '');
      return result.ok;
    },

    deleteKey: async (profileId) => {
      patchMap('keyBusy', profileId, true);
      patchMap('keyErrors', profileId, null);
      const result = await callMerchant((api) => api.secrets.delete({ profileId }));
      patchMap('keyBusy', profileId, false);
      if (result.ok) patchMap('keyStored', profileId, result.data.stored);
      else patchMap('keyErrors', profileId, result.error);
      return result.ok;
    },

    updateProfile: async (id, patch) => {
      set({ savingProfile: id });
      patchMap('profileErrors', id, null);
      const result = await callMerchant((api) => api.profiles.update({ id, patch }));
      set({ savingProfile: null });
      if (!result.ok) {
        patchMap('profileErrors', id, result.error);
        return false;
      }
      await useShellStore.getState().loadProfiles();
      return true;
    },
  };
});
