import { describe, expect, it } from 'vitest';
import { countOpen, whyNotNow, type DeskActivity } from '@main/update/install-gate';

const quiet: DeskActivity = {
  sending: async () => [],
  unknown: async () => [],
  openConfirmations: () => 0,
  openReconciliations: async () => 0,
};

describe('the moment to restart into an update', () => {
  it('is now when nothing is in flight', async () => {
    expect(await whyNotNow(quiet)).toBeNull();
  });

  it('is not while a write is being sent, an outcome is unknown, a confirmation or a session is open', async () => {
    expect(await whyNotNow({ ...quiet, sending: async () => [12] })).toMatch(
      /being sent right now \(journal entry 12\)\. Wait until its answer is recorded/,
    );
    expect(await whyNotNow({ ...quiet, unknown: async () => [3, 4] })).toMatch(
      /whether 2 requests were carried out \(journal entries 3, 4\)\. Resolve them in the Journal first/,
    );
    expect(await whyNotNow({ ...quiet, openConfirmations: () => 1 })).toMatch(/a confirmation is open/);
    expect(await whyNotNow({ ...quiet, openReconciliations: async () => 1 })).toMatch(
      /a reconciliation session is open\. Close it first/,
    );
  });

  it('is not when it cannot be told', async () => {
    const failing = { ...quiet, unknown: () => Promise.reject(new Error('journal closed')) };
    expect(await whyNotNow(failing)).toMatch(
      /could not check whether anything is in flight \(journal closed\)/,
    );
  });

  it('counts calls still open, failed ones included', async () => {
    let release: (v: string) => void = () => {};
    const counted = countOpen((x: string) => new Promise<string>((resolve) => (release = () => resolve(x))));
    const first = counted.fn('a');
    expect(counted.open()).toBe(1);
    release('a');
    expect(await first).toBe('a');
    expect(counted.open()).toBe(0);
    const failing = countOpen(async () => {
      throw new Error('declined');
    });
    await expect(failing.fn()).rejects.toThrow('declined');
    expect(failing.open()).toBe(0);
  });
});
