import { describe, expect, it } from 'vitest';
import { FAULT_KINDS } from '@shared/domain/sandbox-controls';
import { FAULT_MENU } from './fault-menu';

describe('the soak fault menu', () => {
  it('schedules every sandbox fault kind that applies to invoices, withdrawals and wallets', () => {
    const scheduled = new Set<string>();
    const control = new Proxy(
      {},
      {
        get: (_, name) => (route: string, spec?: { kind: string }) => {
          if (name === 'injectFault' && spec) scheduled.add(spec.kind);
          return route;
        },
      },
    );
    for (const fault of FAULT_MENU)
      fault.arm({ control: control as never, merchantId: 'm', route: 'createWithdrawal', random: () => 0 });
    expect([...scheduled].sort()).toEqual(FAULT_KINDS.filter((k) => k !== 'provider-fail').sort());
  });
});
