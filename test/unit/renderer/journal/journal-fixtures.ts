import type { JournalEntry, JournalEntryDetails } from '@contract';

export function entry(partial: Partial<JournalEntry> & { id: string }): JournalEntry {
  return {
    operation: 'createWithdrawal',
    profileId: 'sandbox',
    environment: 'sandbox',
    state: 'accepted',
    createdAt: '2026-11-22T06:00:00.000Z',
    updatedAt: '2026-11-22T06:00:00.000Z',
    fields: { coin: 'usdt', network: 'tron', amount: '125.50', toAddress: 'TADDR1' },
    externalIds: {},
    settlement: null,
    resolution: null,
    response: null,
    error: null,
    ...partial,
  };
}

export const page = (entries: JournalEntry[], extra: Record<string, unknown> = {}) => ({
  ok: true,
  data: {
    entries,
    total: entries.length,
    anchor: 99,
    newer: 0,
    pairs: [{ coin: 'usdt', network: 'tron' }],
    ...extra,
  },
});

export function details(e: JournalEntry, extra: Partial<JournalEntryDetails> = {}): JournalEntryDetails {
  return {
    entry: e,
    requestBody: '{"network":"tron","coin":"usdt","amount":"125.50","to_address":"TADDR1"}',
    timeline: [
      {
        seq: 1,
        type: 'begin',
        at: '2026-11-22T06:00:00.000Z',
        detail: { operation: e.operation },
        damaged: false,
      },
      { seq: 2, type: 'settle', at: '2026-11-22T06:00:01.000Z', detail: { to: 'unknown' }, damaged: false },
    ],
    chain: { ok: true, events: 2, head: 'ab'.repeat(32), reason: null, brokenEntry: null },
    evidence: { webhooks: [], invoiceCheck: false },
    ...extra,
  };
}
