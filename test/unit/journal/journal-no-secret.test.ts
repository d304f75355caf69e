import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canonicalJson } from '@main/protocol/canonical';
import { signTimestamped } from '@main/protocol/signing';
import { createMemoryStore } from '@main/secrets/memory-store';
import { invoiceBody, live, tempJournal, withdrawalBody } from '@test/helpers/journal';

const API_KEY = 'sk_live_QUOKKA_9f3e1d77_do_not_store';

let t: ReturnType<typeof tempJournal>;
beforeEach(() => {
  t = tempJournal();
});
afterEach(() => t.cleanup());

describe('the journal never stores the API key', () => {
  it('leaves no trace of the key or the signature in any journal file after a full flow', async () => {
    const secrets = createMemoryStore();
    await secrets.set('p-live', API_KEY);
    const signatures: string[] = [];
    // What the caller does: journal first, then sign with the key and send; record the outcome.
    async function send(op: 'createWithdrawal' | 'createInvoice', body: Record<string, unknown>) {
      const id = t.journal.begin(op, { ...live, requestBody: body });
      const key = (await secrets.get('p-live')) ?? '';
      signatures.push(signTimestamped(canonicalJson(body), '1893456000', key));
      return id;
    }
    const w = await send('createWithdrawal', withdrawalBody());
    t.journal.settle(w, {
      outcome: 'accepted',
      response: { data: { withdrawal_id: 'w-1', status: 'pending' } },
      externalIds: { withdrawalId: 'w-1' },
    });
    t.journal.applyWithdrawalEvent('w-1', 'withdrawal.success', {
      data: { withdrawal_id: 'w-1', status: 'completed' },
    });
    const i = await send('createInvoice', invoiceBody());
    // A careless caller hands the request headers to the journal along with the error.
    t.journal.settle(i, {
      outcome: 'unknown',
      error: { message: 'timeout', headers: { Sign: signatures[1], apiKey: API_KEY } },
    });
    t.journal.resolve(i, {
      by: 'evidence',
      performed: true,
      reason: '',
      evidence: { kind: 'order-id-conflict', orderId: 'ORDER-1', response: { api_key: API_KEY } },
    });
    t.journal.exportCsv();
    t.journal.close();

    const files = readdirSync(t.dir).filter((f) => f.startsWith('journal.sqlite'));
    expect(files).toContain('journal.sqlite');
    for (const f of files) {
      const bytes = readFileSync(join(t.dir, f));
      for (const needle of [API_KEY, ...signatures, 'QUOKKA']) {
        expect(bytes.includes(Buffer.from(needle, 'utf8')), `${needle} found in ${f}`).toBe(false);
      }
      expect(bytes.includes(Buffer.from('w-1', 'utf8')) || f !== 'journal.sqlite').toBe(true);
    }
  });
});
