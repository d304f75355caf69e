import { describe, expect, it } from 'vitest';
import { createIpcRouter } from '@main/ipc/router';
import { Redactor } from '@main/security/redactor';

describe('an answer of main that breaks the contract', () => {
  it('is reported as an invalid answer, never as a request the person got wrong', async () => {
    const router = createIpcRouter({
      ipcMain: { handle: () => {}, removeHandler: () => {} },
      redactor: new Redactor(),
      isTrustedSender: () => true,
    });
    // profiles:list must answer { profiles, activeId }: this one does not.
    router.handle('profiles:list', (() => ({ profiles: 'none' })) as never);
    const result = await router.dispatch('profiles:list', {}, {});
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalid-answer' } });
    const error = !result.ok ? result.error : undefined;
    expect(error?.message).toMatch(/Nothing you entered caused this/);
    expect(error?.fieldErrors).toBeUndefined();
  });
});
