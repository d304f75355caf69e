import { create } from 'zustand';
import type { ConnectionTestInput, ConnectionTestResult } from '@contract';
import { announce } from '../../components/announcer';
import { callMerchant } from '../../lib/ipc';

/** The result of the last "Test connection", per saved profile id or 'draft' for the add form. */
interface ConnectionTestState {
  results: Record<string, ConnectionTestResult | undefined>;
  testing: Record<string, boolean>;
  test: (slot: string, input: ConnectionTestInput) => Promise<ConnectionTestResult>;
  clear: (slot: string) => void;
}

export const useConnectionTestStore = create<ConnectionTestState>()((set) => ({
  results: {},
  testing: {},
  test: async (slot, input) => {
    set((s) => ({ testing: { ...s.testing, [slot]: true }, results: { ...s.results, [slot]: undefined } }));
    const answer = await callMerchant((api) => api.profiles.testConnection(input));
    // A failure to ask (no bridge, a refused request) is still an answer a person can act on.
    const result: ConnectionTestResult = answer.ok
      ? answer.data
      : {
          ok: false,
          outcome: 'invalid',
          message: `The test could not run: ${answer.error.message}`,
          detail: answer.error.kind,
          checkedAt: new Date().toISOString(),
        };
    set((s) => ({ testing: { ...s.testing, [slot]: false }, results: { ...s.results, [slot]: result } }));
    // The person asked and is waiting: say the answer, wherever focus is.
    announce(`Connection test: ${result.message}`);
    return result;
  },
  clear: (slot) => set((s) => ({ results: { ...s.results, [slot]: undefined } })),
}));
