import { appendEvent } from './chain';
import type { EntryContext } from './context';
import { invalidInput } from '../port/errors';
import { RATE_EVENT, RateRecordSchema, type RateRecord } from '../port/rate-record';

/** Records how a movement was valued, as an event of the entry's chain; the row itself is unchanged. */
export function entryRate(ctx: EntryContext) {
  return function recordRate(id: number, record: RateRecord): void {
    const parsed = RateRecordSchema.safeParse(record);
    if (!parsed.success) throw invalidInput(parsed.error);
    ctx.write(() => {
      ctx.row(id);
      appendEvent(ctx.db, id, RATE_EVENT, ctx.now(), parsed.data);
    });
  };
}
