import { describe, expect, it } from 'vitest';
import type { ApiClient, PreparedWrite, WriteOutcome } from '@main/api/client';
import { ApiError } from '@main/api/errors';
import { createJournaledWriter, type WriteScope } from '@main/app/journaled-write';

/**
 * The money path runs straight down: scope → prepare → journal begin (awaited) → send → journal
 * settle (awaited). These fakes record the order of every step; the journal answers later (a
 * Promise), as a journal in a worker thread does.
 */
function harness(answer: WriteOutcome<unknown>, options: { abortAfterPrepare?: boolean } = {}) {
  const steps: string[] = [];
  const controller = new AbortController();
  const prepared = {
    operation: 'createInvoice',
    body: '{"order_id":"A-1","amount":"10"}',
    record: { order_id: 'A-1', amount: '10' },
  } as unknown as PreparedWrite<unknown>;
  const client = {
    prepare: async () => {
      steps.push('prepare');
      if (options.abortAfterPrepare) controller.abort();
      return prepared;
    },
    send: async (p: PreparedWrite<unknown>) => {
      steps.push(p === prepared ? 'send(prepared)' : 'send(other)');
      return answer;
    },
  } as unknown as ApiClient;
  const settled: unknown[] = [];
  const later = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 1));
  const journal = {
    begin: async (_op: string, input: { requestBody: unknown }) => {
      steps.push('begin');
      expect(input.requestBody).toEqual(prepared.record);
      const id = await later(7);
      steps.push('committed');
      return id;
    },
    settle: async (_id: number, input: unknown) => {
      await later(undefined);
      steps.push('settled');
      settled.push(input);
    },
  };
  const connection: string[] = [];
  const scope = {
    session: { profile: { id: 'p-1', environment: 'live' }, client },
    signal: controller.signal,
    connection: {
      success: () => connection.push('success'),
      failure: () => connection.push('failure'),
    },
  } as unknown as WriteScope;
  const write = createJournaledWriter({
    journal: journal as never,
    entryChanged: async () => void steps.push('emit'),
    replayParked: async () => {},
    pending: { hold: () => false, flush: () => [] } as never,
    checkpoint: (step) => steps.push(step),
    // Rate provenance: the movement is valued only once its answer is recorded.
    valueMovement: async (id, movement) => void steps.push(`valued #${id} ${movement}`),
  });
  const request = { operation: 'createInvoice', body: { order_id: 'A-1', amount: '10' } } as const;
  const run = () => write(scope, { request });
  /** The claim variant: an entry the ledger holds (#42) is claimed in place of begin. */
  const runClaimed = (refuse?: Error) =>
    write(scope, {
      request,
      claim: {
        journalId: 42,
        take: async () => {
          steps.push('claim');
          if (refuse) throw refuse;
          await later(undefined);
          steps.push('claimed');
        },
      },
    });
  return { run, runClaimed, steps, settled, connection };
}

const refusal = (status: number) =>
  new ApiError({
    kind: 'controller',
    operation: 'createInvoice',
    message: 'Order exists',
    httpStatus: status,
  });

describe('the money path: prepare → begin → send → settle, nothing calls back up', () => {
  it('commits the intent (awaited) before the prepared bytes are sent, and settles after', async () => {
    const h = harness({
      outcome: 'accepted',
      data: { id: 'inv_1' },
      raw: { id: 'inv_1' },
      warnings: [],
      httpStatus: 200,
    });
    const result = await h.run();
    expect(h.steps).toEqual([
      'prepare',
      'before-intent',
      'begin',
      'committed',
      'intent-committed',
      'send(prepared)',
      'answer-received',
      'settled',
      'emit',
      'valued #7 settle',
    ]);
    expect(result).toEqual({ journalId: '7', outcome: 'accepted', data: { id: 'inv_1' }, warnings: [] });
    expect(h.settled).toEqual([{ outcome: 'accepted', response: { id: 'inv_1' }, externalIds: {} }]);
  });

  it('a duplicate is a named refusal in the one vocabulary, and not held against the connection', async () => {
    const h = harness({ outcome: 'rejected', reason: 'duplicate', error: refusal(409), httpStatus: 409 });
    const result = await h.run();
    expect(result).toMatchObject({ outcome: 'rejected', reason: 'duplicate', error: { httpStatus: 409 } });
    expect(h.settled).toEqual([{ outcome: 'rejected', error: expect.objectContaining({ httpStatus: 409 }) }]);
    expect(h.connection).toEqual(['success']);
    expect(h.steps.filter((step) => step.startsWith('valued'))).toEqual([]);
  });

  it('an unknown answer is settled unknown, and a plain refusal carries no reason', async () => {
    const lost = await harness({ outcome: 'unknown', error: refusal(502), httpStatus: 502 }).run();
    expect(lost).toMatchObject({ outcome: 'unknown' });
    const refused = await harness({ outcome: 'rejected', error: refusal(422), httpStatus: 422 }).run();
    expect(refused.outcome).toBe('rejected');
    expect(refused).not.toHaveProperty('reason');
  });

  it('a scope that ended while the request was prepared: no intent, nothing sent', async () => {
    const h = harness(
      { outcome: 'accepted', data: {}, raw: {}, warnings: [], httpStatus: 200 },
      { abortAfterPrepare: true },
    );
    await expect(h.run()).rejects.toMatchObject({ kind: 'profile-changed' });
    expect(h.steps).toEqual(['prepare']);
  });

  it('the claim variant: the held entry is claimed (awaited) in place of begin, then sent and settled', async () => {
    const h = harness({ outcome: 'accepted', data: {}, raw: {}, warnings: [], httpStatus: 200 });
    const result = await h.runClaimed();
    expect(h.steps).toEqual([
      'prepare',
      'before-intent',
      'claim',
      'claimed',
      'intent-committed',
      'send(prepared)',
      'answer-received',
      'settled',
      'emit',
      'valued #42 settle',
    ]);
    expect(result).toMatchObject({ journalId: '42', outcome: 'accepted' });
  });

  it('a refused claim: its refusal is thrown, nothing is begun, sent or settled', async () => {
    const h = harness({ outcome: 'accepted', data: {}, raw: {}, warnings: [], httpStatus: 200 });
    await expect(h.runClaimed(new Error('already claimed by desk "T"'))).rejects.toThrow(/already claimed/);
    expect(h.steps).toEqual(['prepare', 'before-intent', 'claim']);
    expect(h.settled).toEqual([]);
  });
});
