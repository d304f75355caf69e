import { create } from 'zustand';
import type { ProfileInput, ProfilePatch, SecretStatus } from '@contract';
import { callMerchant, fieldErrorsOf, type ErrorInfo } from '../../lib/ipc';
import { useShellStore } from '../../stores/shell-store';
import { plainFieldErrors, validateDraft, type DraftErrors } from './profile-draft';

export interface LiveProfileDraft {
  name: string;
  baseUrl: string;
  merchantId: string;
  /** Held only until the keychain confirms it; then emptied. Never written anywhere else. */
  apiKey: string;
}

export const EMPTY_DRAFT: LiveProfileDraft = { name: '', baseUrl: '', merchantId: '', apiKey: '' };

export interface SettingsState {
  draft: LiveProfileDraft;
  /** Set when the profile was created but its key was not stored yet: a retry stores the key only. */
  pendingProfileId: string | null;
  creating: boolean;
  createError: ErrorInfo | null;
  createFieldErrors: DraftErrors;
  created: string | null;
  /** The new profile's key fingerprint, for the "added" message. */
  createdFingerprint: string | null;
  /**
   * Whether the connection of what is being saved was confirmed by a test. Kept here, not in the form,
   * so leaving Settings and coming back never turns an unverified profile into an accepted one.
   */
  draftVerified: boolean;
  /** The last test of the draft failed: the form says it was not saved and offers "save anyway". */
  draftUnverified: boolean;
  /** Whether the profile named by `created` had its connection confirmed when it was saved. */
  createdVerified: boolean;
  /** The profile named by `created` was added without a key: this desk is not a treasury desk. */
  createdWithoutKey: boolean;
  keyStored: Record<string, boolean>;
  /** "…Ab3x": the stored key's last four characters, so staff can tell keys apart. */
  keyFingerprint: Record<string, string | null>;
  /** A key is stored but was entered for another address, merchant ID or signing mode: enter it again. */
  keyNeedsReentry: Record<string, boolean>;
  keyDrafts: Record<string, string>;
  keyErrors: Record<string, ErrorInfo | null>;
  keyBusy: Record<string, boolean>;
  profileErrors: Record<string, ErrorInfo | null>;
  savingProfile: string | null;
  setDraft: (field: keyof LiveProfileDraft, value: string) => void;
  /** What a test of the draft found (null: about to save without one). */
  setDraftTested: (confirmed: boolean | null) => void;
  /**
   * `withoutKey`: on a team's desk that holds no API key (not a treasury desk), the profile is added
   * alone; main refuses a key there anyway.
   */
  createLiveProfile: (options?: { withoutKey?: boolean }) => Promise<boolean>;
  loadKeyStatus: (profileId: string) => Promise<void>;
  setKeyDraft: (profileId: string, value: string) => void;
  /** Cancel on the key form: the typed key and any error about it go away together. */
  cancelKeyEdit: (profileId: string) => void;
  storeKey: (profileId: string) => Promise<boolean>;
  deleteKey: (profileId: string) => Promise<boolean>;
  /** `apiKey` confirms a change of where the key is sent (address, merchant ID, legacy signing). */
  updateProfile: (id: string, patch: ProfilePatch, apiKey?: string) => Promise<boolean>;
  /** Resolves to the error, or null once removed. */
  removeProfile: (id: string) => Promise<ErrorInfo | null>;
}

export const useSettingsStore = create<SettingsState>()((set, get) => {
  const patchMap = <
    K extends
      | 'keyStored'
      | 'keyFingerprint'
      | 'keyNeedsReentry'
      | 'keyDrafts'
      | 'keyErrors'
      | 'keyBusy'
      | 'profileErrors',
  >(
    key: K,
    id: string,
    value: SettingsState[K][string],
  ) => set((s) => ({ [key]: { ...s[key], [id]: value } }) as Partial<SettingsState>);

  const keyStatus = (profileId: string, status: SecretStatus) => {
    patchMap('keyStored', profileId, status.stored);
    patchMap('keyFingerprint', profileId, status.fingerprint ?? null);
    patchMap('keyNeedsReentry', profileId, status.needsReentry === true);
  };

  /** Sends the key; on success the only copy in the renderer is wiped. */
  const sendKey = async (profileId: string, apiKey: string) => {
    const result = await callMerchant((api) => api.secrets.set({ profileId, apiKey }));
    if (result.ok) keyStatus(profileId, result.data);
    return result;
  };

  return {
    draft: EMPTY_DRAFT,
    pendingProfileId: null,
    creating: false,
    createError: null,
    createFieldErrors: {},
    created: null,
    createdFingerprint: null,
    draftVerified: false,
    draftUnverified: false,
    createdVerified: false,
    createdWithoutKey: false,
    keyStored: {},
    keyFingerprint: {},
    keyNeedsReentry: {},
    keyDrafts: {},
    keyErrors: {},
    keyBusy: {},
    profileErrors: {},
    savingProfile: null,

    setDraft: (field, value) =>
      set((s) => ({ draft: { ...s.draft, [field]: value }, created: null, draftUnverified: false })),

    setDraftTested: (confirmed) =>
      set({ draftVerified: confirmed === true, draftUnverified: confirmed === false }),

    createLiveProfile: async ({ withoutKey = false } = {}) => {
      const { draft, pendingProfileId } = get();
      // Every problem at once, in plain words; once the profile exists only the key is still open.
      const { name, baseUrl, merchantId } = draft;
      const problems = validateDraft(withoutKey ? { name, baseUrl, merchantId } : draft, 'live');
      const open = pendingProfileId ? { apiKey: problems.apiKey } : problems;
      if (Object.values(open).some(Boolean)) {
        set({ createError: null, createFieldErrors: open, created: null });
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
            createFieldErrors: plainFieldErrors(fieldErrorsOf(created.error)),
          });
          return false;
        }
        profileId = created.data.id;
        void useShellStore.getState().loadProfiles();
        if (withoutKey) {
          set({
            creating: false,
            draft: EMPTY_DRAFT,
            created: draft.name,
            createdFingerprint: null,
            createdVerified: false,
            createdWithoutKey: true,
            draftVerified: false,
            draftUnverified: false,
          });
          return true;
        }
        set({ pendingProfileId: profileId });
      }
      const stored = await sendKey(profileId, draft.apiKey);
      if (!stored.ok) {
        // The profile exists; keep the typed key so the user can fix the keychain and press save again.
        set({
          creating: false,
          createError: stored.error,
          createFieldErrors: plainFieldErrors(fieldErrorsOf(stored.error)),
        });
        return false;
      }
      set({
        creating: false,
        draft: EMPTY_DRAFT,
        pendingProfileId: null,
        created: draft.name,
        createdFingerprint: stored.data.fingerprint ?? null,
        createdVerified: get().draftVerified,
        createdWithoutKey: false,
        draftVerified: false,
        draftUnverified: false,
      });
      return true;
    },

    loadKeyStatus: async (profileId) => {
      const result = await callMerchant((api) => api.secrets.status({ profileId }));
      if (result.ok) keyStatus(profileId, result.data);
      else patchMap('keyErrors', profileId, result.error);
    },

    setKeyDraft: (profileId, value) => patchMap('keyDrafts', profileId, value),

    cancelKeyEdit: (profileId) => {
      patchMap('keyDrafts', profileId, '');
      patchMap('keyErrors', profileId, null);
    },

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
      if (result.ok) keyStatus(profileId, result.data);
      else patchMap('keyErrors', profileId, result.error);
      return result.ok;
    },

    updateProfile: async (id, patch, apiKey) => {
      set({ savingProfile: id });
      patchMap('profileErrors', id, null);
      const request = apiKey ? { id, patch, apiKey } : { id, patch };
      const result = await callMerchant((api) => api.profiles.update(request));
      set({ savingProfile: null });
      if (!result.ok) {
        patchMap('profileErrors', id, result.error);
        return false;
      }
      // A key sent with the change is now stored (and bound to the profile as it is now).
      if (apiKey) await get().loadKeyStatus(id);
      await useShellStore.getState().loadProfiles();
      return true;
    },

    // Main deletes the key with the profile, and falls back to the Sandbox if it was active.
    removeProfile: async (id) => {
      const result = await callMerchant((api) => api.profiles.remove({ id }));
      if (!result.ok) return result.error;
      useShellStore.getState().setProfiles(result.data);
      return null;
    },
  };
});
