import { describe, expect, it } from 'vitest';
import type { InvokeChannel } from '@contract';
import { gateTeamChannels, mayPrepare, refusedWrites } from '@main/app/may-prepare';
import type { IpcRouter } from '@main/ipc/router';

const ALL = ['invoices', 'journal', 'reconcile', 'wallets', 'webhooks', 'withdrawals'];

/** A router that keeps what was registered, to call it as the IPC layer would. */
function fakeRouter() {
  const handlers = new Map<string, (request: unknown) => unknown>();
  const router: IpcRouter = {
    handle: (channel, handler) => {
      handlers.set(channel, handler as (request: unknown) => unknown);
      return () => handlers.delete(channel);
    },
    dispatch: () => Promise.reject(new Error('not used')),
    dispose: () => handlers.clear(),
  };
  return { router, call: (channel: InvokeChannel) => Promise.resolve(handlers.get(channel)!({})) };
}

describe('who may write from a screen on a team, decided once in main (issue 28 item 1)', () => {
  it('a viewer (or an approver or auditor with no write role) is told why and who can, per write', () => {
    expect(mayPrepare('viewer', 'invoices')).toContain('an operator or admin creates invoices');
    expect(mayPrepare('viewer', 'wallets')).toContain('an operator or admin creates deposit wallets');
    expect(mayPrepare('viewer', 'withdrawals')).toContain('Ask a team admin for the operator role');
    expect(Object.keys(refusedWrites('viewer')).sort()).toEqual(ALL);
  });

  it('an operator, an admin, and a role not known yet (the ledger still decides) are refused nothing', () => {
    for (const role of ['operator', 'admin', null] as const) {
      expect(mayPrepare(role, 'invoices')).toBeNull();
      expect(refusedWrites(role)).toEqual({});
    }
  });

  it('main refuses a viewer’s call to a writing channel before its handler runs; reads and a desk alone go through', async () => {
    let session: { role: 'viewer' | 'operator' } | null = { role: 'viewer' };
    const { router, call } = fakeRouter();
    const gated = gateTeamChannels(router, () => session);
    const ran: string[] = [];
    for (const channel of ['invoices:create', 'reconcile:close', 'journal:resolve', 'invoices:get'] as const)
      gated.handle(channel, (() => {
        ran.push(channel);
        return {};
      }) as never);
    await expect(call('invoices:create')).rejects.toMatchObject({
      kind: 'auth',
      message: mayPrepare('viewer', 'invoices'),
    });
    await expect(call('reconcile:close')).rejects.toMatchObject({
      message: mayPrepare('viewer', 'reconcile'),
    });
    await expect(call('journal:resolve')).rejects.toMatchObject({ message: mayPrepare('viewer', 'journal') });
    await call('invoices:get');
    expect(ran).toEqual(['invoices:get']);
    session = { role: 'operator' };
    await call('invoices:create');
    session = null;
    await call('reconcile:close');
    expect(ran).toEqual(['invoices:get', 'invoices:create', 'reconcile:close']);
  });
});
