import { describe, expect, it } from 'vitest';
import type { EventOf } from '@contract';
import { createEmitter } from '@main/app/events';
import { Redactor } from '@main/security/redactor';

function recorded() {
  const sent: Array<{ channel: string; payload: unknown }> = [];
  const logs: string[] = [];
  const redactor = new Redactor();
  const emit = createEmitter({
    send: (channel, payload) => sent.push({ channel, payload }),
    redactor,
    log: (line) => logs.push(line),
  });
  return { emit, sent, logs, redactor };
}

describe('events leaving main', () => {
  it('are sent when they match the contract, with registered secrets redacted', () => {
    const { emit, sent, redactor } = recorded();
    redactor.register('sk_live_SECRET_KEY_123456');
    emit('connection:status', {
      state: 'degraded',
      error: { kind: 'auth', message: 'The service said: bad key sk_live_SECRET_KEY_123456' },
      lastSuccessAt: null,
    });
    expect(sent).toHaveLength(1);
    expect(JSON.stringify(sent[0])).not.toContain('sk_live_SECRET_KEY_123456');
    expect(sent[0]).toMatchObject({ channel: 'connection:status', payload: { state: 'degraded' } });
  });

  it('are not sent when the payload does not match the contract, and the log says why', () => {
    const { emit, sent, logs } = recorded();
    const wrong = {
      state: 'sleeping',
      message: null,
      lastSuccessAt: null,
    } as unknown as EventOf<'connection:status'>;
    emit('connection:status', wrong);
    emit('journal:changed', { id: '' } as unknown as EventOf<'journal:changed'>);
    expect(sent).toEqual([]);
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatch(/^event connection:status not sent: .*state/);
    expect(logs[1]).toMatch(/^event journal:changed not sent: .*id/);
  });
});
