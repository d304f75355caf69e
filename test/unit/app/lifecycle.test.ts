import { describe, expect, it } from 'vitest';
import { DisposableStore, DisposeError } from '@main/app/lifecycle';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('DisposableStore', () => {
  it('disposes in reverse order of acquisition', async () => {
    const order: string[] = [];
    const store = new DisposableStore();
    store.add(() => void order.push('journal'));
    store.add(() => void order.push('server'));
    store.add(() => void order.push('handlers'));
    await store.dispose();
    expect(order).toEqual(['handlers', 'server', 'journal']);
  });

  it('waits for each async disposer before the next one', async () => {
    const order: string[] = [];
    const store = new DisposableStore();
    store.add(() => void order.push('first added'));
    store.add(async () => {
      await tick();
      await tick();
      order.push('slow, added last');
    });
    await store.dispose();
    expect(order).toEqual(['slow, added last', 'first added']);
  });

  it('is idempotent: a second dispose runs nothing again and resolves with the first', async () => {
    let runs = 0;
    const store = new DisposableStore();
    store.add(async () => {
      await tick();
      runs++;
    });
    const first = store.dispose();
    const second = store.dispose();
    expect(second).toBe(first);
    await Promise.all([first, second]);
    await store.dispose();
    expect(runs).toBe(1);
    expect(store.isDisposed).toBe(true);
  });

  it('keeps disposing when one throws or rejects, then reports every failure together', async () => {
    const ran: string[] = [];
    const store = new DisposableStore();
    store.add(() => void ran.push('journal'));
    store.add(() => {
      throw new Error('server would not close');
    });
    store.add(async () => {
      await tick();
      throw new Error('receiver stuck');
    });
    store.add(() => void ran.push('handlers'));
    const failure = await store.dispose().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(ran).toEqual(['handlers', 'journal']);
    expect(failure).toBeInstanceOf(DisposeError);
    expect((failure as DisposeError).errors.map((e: Error) => e.message)).toEqual([
      'receiver stuck',
      'server would not close',
    ]);
    // Idempotent in failure too: the same rejection, nothing run twice.
    await expect(store.dispose()).rejects.toBe(failure);
    expect(ran).toEqual(['handlers', 'journal']);
  });

  it('disposes at once what is added after disposal, reporting its failure to onLateError', async () => {
    const late: unknown[] = [];
    const store = new DisposableStore((error) => late.push(error));
    await store.dispose();
    let closed = false;
    store.add(() => {
      closed = true;
    });
    store.add(async () => {
      throw new Error('late and broken');
    });
    await tick();
    expect(closed).toBe(true);
    expect(late).toEqual([new Error('late and broken')]);
  });

  it('runs a disposer added while disposing exactly once, at once', async () => {
    const order: string[] = [];
    const store = new DisposableStore();
    store.add(() => void order.push('first added'));
    store.add(() => {
      store.add(() => void order.push('added during disposal'));
      order.push('outer');
    });
    await store.dispose();
    await store.dispose();
    await tick();
    expect(order).toEqual(['added during disposal', 'outer', 'first added']);
  });
});
