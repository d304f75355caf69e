import { afterEach, beforeEach } from 'vitest';
import type { JournalStore } from '@main/storage/port';
import { DESK_A, type HarnessFactory, type StoreHarness } from './harness';

/**
 * A fresh store (desk A) per test; `reopen` closes it and opens the same data as another desk. Call it
 * inside the describe whose tests use it: its hooks run for every test of the block they are made in,
 * and made beside the other parts of the contract they opened six stores for each test, five unused.
 */
export function useStore(factory: HarnessFactory) {
  const state: { harness?: StoreHarness; store?: JournalStore } = {};
  beforeEach(async () => {
    state.harness = await factory();
    state.store = await state.harness.open(DESK_A);
  });
  afterEach(async () => {
    await state.harness?.cleanup();
  });
  return {
    get store(): JournalStore {
      if (!state.store) throw new Error('no store open');
      return state.store;
    },
    get harness(): StoreHarness {
      if (!state.harness) throw new Error('no harness');
      return state.harness;
    },
    async reopen(deskId: string, between?: () => Promise<void>): Promise<JournalStore> {
      await state.store?.close();
      state.store = undefined;
      await between?.();
      state.store = await state.harness!.open(deskId);
      return state.store;
    },
  };
}
